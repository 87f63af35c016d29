"""stich serve: the live session as a web API (Starlette's test client) and as a command (a real
server, its event stream, a kill and a resume)."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

import httpx
from starlette.testclient import TestClient

from stich.games.cards import french_symbols
from stich.games.match import play_match
from stich.games.record import Record, replay, simulate
from stich.games.views import seat_view
from stich.hints.live import LiveGame
from stich.serve.app import MAX_BODY, Table, create_app
from tests.hints.table_script import event_line, round_lines, setup_lines

STICH = [str(Path(sys.executable).with_name("stich"))]
TOKEN = "test-token-0123456789"
NAMES = ["Anna", "Ben", "Carla", "Dan"]
SHORT = {"sequence": "constant", "first_round": 2, "rounds": 1}


def _client(live: LiveGame, advice: bool = False) -> TestClient:
    return TestClient(create_app(Table(live, advice=advice), TOKEN), headers={"X-Stich-Token": TOKEN})


def _new(tmp_path: Path, game: str = "stiche-raten", options: dict[str, Any] | None = None) -> LiveGame:
    players = NAMES if game != "24" and game != "stich-fuer-stich" and game != "wizard" else NAMES[:3]
    return LiveGame.new(game, players, "Ben", None, options or dict(SHORT), tmp_path / "game.json")


def _enter(client: TestClient, entry: str) -> dict[str, Any]:
    answer = client.post("/api/entry", json={"entry": entry})
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


# -- the token -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/"),
        ("GET", "/app.js"),
        ("GET", "/app.css"),
        ("GET", "/api/state"),
        ("POST", "/api/entry"),
        ("GET", "/api/events"),
        ("GET", "/api/review?round=1"),
        ("GET", "/api/review/page?round=1"),
    ],
)
def test_every_route_answers_401_without_the_token_and_403_with_a_wrong_one(
    tmp_path: Path, method: str, path: str
) -> None:
    client = TestClient(create_app(Table(_new(tmp_path), advice=False), TOKEN))
    journal = (tmp_path / "game.json").read_bytes()
    body = {"json": {"entry": "hand AS"}} if method == "POST" else {}
    assert client.request(method, path, **body).status_code == 401
    wrong = f"{path}{'&' if '?' in path else '?'}token=wrong"
    assert client.request(method, wrong, **body).status_code == 403
    assert client.request(method, path, headers={"X-Stich-Token": TOKEN[:-1]}, **body).status_code == 403
    assert (tmp_path / "game.json").read_bytes() == journal  # nothing entered without the token


def test_the_page_with_the_token_loads_its_script_and_style_from_the_server_only(tmp_path: Path) -> None:
    client = TestClient(create_app(Table(_new(tmp_path), advice=False), TOKEN))
    page = client.get(f"/?token={TOKEN}")
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assert "default-src 'none'" in page.headers["content-security-policy"]
    assert page.headers["referrer-policy"] == "no-referrer"
    assert f'src="app.js?token={TOKEN}"' in page.text and f'href="app.css?token={TOKEN}"' in page.text
    # Nothing from elsewhere: no absolute URL in the page, its script or its style.
    for text in (
        page.text,
        client.get(f"/app.js?token={TOKEN}").text,
        client.get(f"/app.css?token={TOKEN}").text,
    ):
        assert "http://" not in text.replace("http://www.w3.org/2000/svg", "") and "https://" not in text
        assert "@import" not in text and "fonts." not in text
    # The cards are the report's pictures, one per card of the game's deck.
    boot = page.text.split('id="boot">', 1)[1].split("</script>", 1)[0]
    cards = json.loads(boot)["cards"]
    assert len(cards) == 52 and cards["AS"].startswith("<svg")


# -- entries -------------------------------------------------------------------------------------


def test_an_accepted_entry_answers_the_new_state_and_is_in_the_journal(tmp_path: Path) -> None:
    live = _new(tmp_path)
    client = _client(live)
    answer = _enter(client, "hand AS")
    assert (
        answer["accepted"] is True and answer["message"] == "your hand: A♠ (1 of 2)"
    )  # cards as the game writes them
    assert answer["state"]["hand"] == ["AS"]
    assert answer["state"] == client.get("/api/state").json()
    journal = json.loads((tmp_path / "game.json").read_text())
    assert journal["live"]["known"]["hands"] == {"1": ["AS"]}


def test_a_refused_entry_changes_nothing_and_leaves_the_journal_byte_for_byte(tmp_path: Path) -> None:
    record = simulate("stiche-raten", 4, seed=3, options=SHORT)
    live = _new(tmp_path)
    client = _client(live)
    for line in round_lines(record, 1)[:4]:
        assert _enter(client, line)["accepted"]
    before = client.get("/api/state").json()
    journal = (tmp_path / "game.json").read_bytes()
    mover = before["mover"]
    hand = set(before["hand"])
    foreign = next(c for c in ("2C", "3C", "4C", "5C", "6C") if c not in hand)
    for bad in (
        "bid 9",
        "bid ²",
        "play XX",
        "flurb",
        "hand 2C",
        f"{NAMES[mover]}: drop",
        "save x.json",
        "quit",
    ):
        answer = _enter(client, bad)
        assert answer["accepted"] is False, bad
        assert answer["message"].startswith("refused: ") and "\n" not in answer["message"]
        assert answer["state"] == before
        assert (tmp_path / "game.json").read_bytes() == journal
    if before["my_turn"] and before["phase"] == "play":
        assert not _enter(client, f"play {foreign}")["accepted"]
    assert not (tmp_path / "x.json").exists()


def test_a_malformed_or_oversized_body_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    client = _client(_new(tmp_path))
    journal = (tmp_path / "game.json").read_bytes()
    assert client.post("/api/entry", content=b"not json").status_code == 400
    assert client.post("/api/entry", json={"entry": 5}).status_code == 400
    assert client.post("/api/entry", json=["hand AS"]).status_code == 400
    big = json.dumps({"entry": "hand AS" + " " * MAX_BODY}).encode()
    answer = client.post("/api/entry", content=big)
    assert answer.status_code == 413 and answer.json()["accepted"] is False
    assert (tmp_path / "game.json").read_bytes() == journal


def test_undo_takes_back_the_last_entry_in_state_and_journal(tmp_path: Path) -> None:
    record = simulate("stiche-raten", 4, seed=4, options=SHORT)
    client = _client(_new(tmp_path))
    lines = round_lines(record, 1)
    for line in lines[:5]:
        _enter(client, line)
    state_before = client.get("/api/state").json()
    journal = (tmp_path / "game.json").read_bytes()
    assert _enter(client, lines[5])["accepted"]
    answer = _enter(client, "undo")
    assert answer["accepted"] and answer["message"].startswith("undone: ")
    after = answer["state"]
    for key in ("hand", "phase", "mover", "view", "trick", "tricks", "choices"):
        assert after[key] == state_before[key], key
    assert (tmp_path / "game.json").read_bytes() == journal


def test_two_clients_see_the_same_state_and_a_new_app_from_the_journal_goes_on(tmp_path: Path) -> None:
    record = simulate("stiche-raten", 4, seed=5, options=SHORT)
    live = _new(tmp_path)
    app = create_app(Table(live, advice=False), TOKEN)
    phone, laptop = (TestClient(app, headers={"X-Stich-Token": TOKEN}) for _ in range(2))
    lines = round_lines(record, 1)
    for k, line in enumerate(lines[:7]):
        _enter(phone if k % 2 else laptop, line)
        assert phone.get("/api/state").json() == laptop.get("/api/state").json()
    seen = phone.get("/api/state").json()
    # As after a kill: nothing but the journal; a new app reads it and shows the same state.
    again = _client(LiveGame.resume(tmp_path / "game.json"))
    resumed = again.get("/api/state").json()
    for key in ("hand", "phase", "mover", "view", "trick", "tricks", "choices", "deduction", "totals"):
        assert resumed[key] == seen[key], key
    for line in lines[7:]:
        assert _enter(again, line)["accepted"], line
    after = again.get("/api/state").json()
    assert after["over"] or (after["round"] == 2 and len(after["scores"]) == 1)


# -- what the seat may see ----------------------------------------------------------------------


def _swap_hidden(record: Record, seat: int, upto: int, follow: bool) -> Record | None:
    """The record with one unplayed card of each of two other seats swapped (of the same suit where
    suit must be followed, so every play stays legal): a deal the seat cannot tell from the first
    within the first ``upto`` events."""
    played = {e["play"] for e in record.events[:upto] if "play" in e}
    hands = {k: list(v) for k, v in record.known["hands"].items()}
    others = [k for k in hands if k != str(seat)]
    for a in others:
        for b in others:
            if a >= b:
                continue
            for x in hands[a]:
                for y in hands[b]:
                    if x in played or y in played or (follow and x[-1] != y[-1]):
                        continue
                    swapped = {
                        **hands,
                        a: [y if c == x else c for c in hands[a]],
                        b: [x if c == y else c for c in hands[b]],
                    }
                    return replace(
                        record, known={**record.known, "hands": swapped}, events=record.events[:upto]
                    )
    return None


SWAPS = [
    # game, players, options, dealer, events, whether suit must be followed, seed
    *[
        ("stiche-raten", 4, {"sequence": "constant", "first_round": 6, "rounds": 1}, 3, 14, True, s)
        for s in (1, 2, 3)
    ],
    *[("stich-fuer-stich", 3, {}, 0, 12, False, s) for s in (1, 2)],
]


@pytest.mark.parametrize(
    ("game", "players", "options", "dealer", "upto", "follow", "seed"),
    SWAPS,
    ids=[f"{g[0]}-{g[-1]}" for g in SWAPS],
)
def test_the_state_is_the_same_whatever_the_hidden_cards_of_the_others(
    tmp_path: Path,
    game: str,
    players: int,
    options: dict[str, Any],
    dealer: int,
    upto: int,
    follow: bool,
    seed: int,
) -> None:
    record = simulate(game, players, seed=seed, options=options, dealer=dealer)
    me = 1
    # The first events (bids, a few tricks; Stich für Stich: tricks, winners, guesses): the unplayed
    # cards of the others are still hidden.
    twin = _swap_hidden(record, me, upto, follow)
    assert twin is not None
    replay(twin)  # a legal round
    cut = replace(record, events=record.events[:upto])
    assert seat_view(cut, me).events == seat_view(twin, me).events
    states = []
    for k, rec in enumerate((cut, twin)):
        (tmp_path / str(k)).mkdir()
        names = NAMES[:players]
        live = LiveGame.new(game, names, "Ben", names[dealer], options, tmp_path / str(k) / "game.json")
        client = _client(live)
        for line in round_lines(rec, me):
            assert _enter(client, line)["accepted"], line
        states.append(client.get("/api/state").text)
        states.append(client.get("/").text.split('id="boot">', 1)[1])  # the page, less its token
    assert states[0] == states[2] and states[1] == states[3]
    # The other seats' hidden cards are nowhere in what the seat is sent (they are in the record).
    state = json.loads(states[0])
    hidden = {c for k, h in record.known["hands"].items() if k != str(me) for c in h}
    hidden -= {e["play"] for e in record.events[:upto] if "play" in e}
    assert hidden and not hidden & set(state["hand"])


# -- every entry of every game has a tap --------------------------------------------------------


def find_taps(state: dict[str, Any], line: str) -> dict[str, Any]:
    """How the page makes the entry ``line``: ``{"entry": E}``, one tapped item, or ``{"group": g,
    "words": [(part, word), ...], "entry": E}``, the words tapped in the parts of the compose group
    ``g`` (each among the part's options), then its enter button. AssertionError when none does."""
    wanted = line.lower()
    for group in state["choices"]:
        for item in group.get("items", []):
            entry = item["entry"].lower()
            same = entry == wanted or entry.split(": ", 1)[-1] == wanted.split(": ", 1)[-1]
            if same and item["legal"]:
                return {"entry": item["entry"]}
    for g, group in enumerate(state["choices"]):
        if group["kind"] != "compose":
            continue
        words = line.split()
        if words[0].endswith(":"):
            words = words[1:]  # a compose group is for one's own entries
        if words[0].lower() != group["prefix"]:
            continue
        rest = words[1:]
        taps: list[tuple[int, str]] = []
        composed: list[str] = []
        for p, part in enumerate(group["parts"]):
            if part.get("word"):
                if not rest:
                    continue  # nothing given, nothing drawn
                if rest[0] != part["word"]:
                    break
                rest = rest[1:]
            count = part["count"]
            if count is None:
                take = rest.index("receive") if "receive" in rest else len(rest)
            elif count == "same":
                take = len(rest)
            else:
                take = count
            chosen, rest = rest[:take], rest[take:]
            assert all(w in part["options"] for w in chosen), (line, part["label"], chosen)
            taps += [(p, w) for w in chosen]
            composed += ([part["word"]] if part.get("word") else []) + chosen
        else:
            if not rest:
                return {"group": g, "words": taps, "entry": " ".join([group["prefix"], *composed])}
    raise AssertionError(f"no tap for {line!r} in {[g.get('title') for g in state['choices']]}")


GAMES = [
    ("stiche-raten", 4, {"sequence": "down", "first_round": 2}),
    ("wizard", 6, {}),
    ("24", 3, {"trump_chaos": True, "dropping_out": True}),
    ("stich-fuer-stich", 3, {}),
    ("was-sticht", 4, {}),
]


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_every_entry_of_a_whole_game_of_each_game_has_a_tap_path(
    tmp_path: Path, game: str, players: int, options: dict[str, Any]
) -> None:
    match = play_match(game, players, seed=7, options=options)
    names = match.players
    live = LiveGame.new(game, names, names[1], None, options, tmp_path / "game.json")
    client = _client(live)
    for number, record in enumerate(match.rounds, 1):
        assert client.get("/api/state").json()["round"] == number
        view = seat_view(record, 1)
        lines = setup_lines(record, 1) + [event_line(e, names, name_seat=True) for e in view.events]
        for line in lines:
            state = client.get("/api/state").json()
            tap = find_taps(state, line)["entry"]
            answer = _enter(client, tap)
            assert answer["accepted"], (tap, answer["message"])
    final = client.get("/api/state").json()
    assert final["over"] and final["totals"] == match.totals and final["choices"] == []
    assert json.loads((tmp_path / "game.json").read_text())["scores"] == match.scores


# -- the command: a real server, its event stream, a kill and a resume ----------------------------------


def _serve(args: list[str], cwd: Path) -> tuple[subprocess.Popen[str], str]:
    errors = cwd / "serve.err"  # a file, not a pipe nobody reads while the server runs
    with errors.open("w") as stderr:
        command = [*STICH, "serve", *args, "--port", "0", "--no-advice"]
        process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE, stderr=stderr, text=True)
    assert process.stdout is not None
    url = process.stdout.readline().strip()
    if not url:
        process.kill()
        process.wait(timeout=10)
        raise AssertionError(errors.read_text())
    return process, url


def _events(client: httpx.Client, base: str, token: str) -> Iterator[dict[str, Any]]:
    with client.stream("GET", f"{base}/api/events", params={"token": token}, timeout=30) as stream:
        data = ""
        for line in stream.iter_lines():
            if line.startswith("data: "):
                data = line[6:]
            elif not line and data:
                yield json.loads(data)
                data = ""


def test_the_command_prints_its_url_first_streams_changes_and_resumes_after_a_kill(tmp_path: Path) -> None:
    record = simulate("stiche-raten", 4, seed=6, options=SHORT)
    lines = round_lines(record, 1)
    args = ["stiche-raten", "--players", ",".join(NAMES), "--me", "Ben", "--dealer", "Dan"]
    args += [f"-o{k}={v}" for k, v in SHORT.items()] + ["--journal", "game.json"]
    process, url = _serve(args, tmp_path)
    try:
        assert url.startswith("http://127.0.0.1:") and "/?token=" in url
        base, token = url.split("/?token=")
        assert len(token) >= 32
        with httpx.Client(headers={"X-Stich-Token": token}) as client:
            assert httpx.get(base + "/api/state").status_code == 401
            stream = _events(client, base, token)
            first = next(stream)
            assert first["phase"] == "setup" and first["hand"] == []
            for line in lines[:5]:
                assert client.post(f"{base}/api/entry", json={"entry": line}).json()["accepted"]
            latest = first
            while latest["version"] < 5:  # each entry is sent on the stream (perhaps several at once)
                latest = next(stream)
            seen = client.get(f"{base}/api/state").json()
            assert latest == seen
    finally:
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=10)
    process, url = _serve(["--resume", "game.json"], tmp_path)
    try:
        base, token = url.split("/?token=")
        resumed = httpx.get(f"{base}/api/state", headers={"X-Stich-Token": token}).json()
        for key in ("hand", "phase", "mover", "view", "trick", "tricks", "choices"):
            assert resumed[key] == seen[key], key
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_the_command_refuses_bad_input_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "taken.json").write_text("{}")
    cases = [
        (["stiche-raten", "--players", "Anna,Ben,Carla", "--me", "Zed"], "--me"),
        (
            ["stiche-raten", "--players", "Anna,Ben,Carla", "--me", "Ben", "--journal", "taken.json"],
            "already exists",
        ),
        (["--resume", "missing.json"], "missing.json"),
    ]
    for args, named in cases:
        done = subprocess.run(
            [*STICH, "serve", *args, "--port", "0"], cwd=tmp_path, capture_output=True, text=True, timeout=60
        )
        assert done.returncode == 1, done.stderr
        errors = [line for line in done.stderr.splitlines() if line.startswith("stich: error:")]
        assert len(errors) == 1 and named in errors[0] and "Traceback" not in done.stderr
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        args = ["wizard", "--players", "Anna,Ben,Carla", "--me", "Ben", "--journal", "new.json"]
        command = [*STICH, "serve", *args, "--port", str(port)]
        done = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=60)
        assert done.returncode == 1 and f"stich: error: --port {port}: cannot listen" in done.stderr
        assert not (tmp_path / "new.json").exists()  # nothing made for a server that cannot start


def test_advice_arrives_after_thinking_and_marks_the_best_tap(tmp_path: Path) -> None:
    from stich.hints.advice import Budget

    live = _new(tmp_path)
    table = Table(live, Budget(worlds=8), advice=True)
    client = TestClient(create_app(table, TOKEN), headers={"X-Stich-Token": TOKEN})
    try:
        record = simulate("stiche-raten", 4, seed=8, options=SHORT)
        lines = round_lines(record, 1)
        state: dict[str, Any] = {}
        for line in lines:
            state = _enter(client, line)["state"]
            if state["my_turn"]:
                break
        assert state["advice"]["status"] == "thinking"  # the entry was answered before the advice
        import time

        for _ in range(600):
            state = client.get("/api/state").json()
            if state["advice"]["status"] != "thinking":
                break
            time.sleep(0.1)
        advice = state["advice"]
        assert advice["status"] == "ready", advice
        marked = [i for g in state["choices"] for i in g.get("items", []) if i["best"]]
        assert len(marked) == 1 and marked[0]["entry"].split(": ")[-1] == advice["entry"]
        assert {a["entry"] for a in advice["alternatives"]} >= {advice["entry"]}
    finally:
        table.close()


@pytest.mark.parametrize("objective", ["points", "win"])
def test_advice_on_the_page_ranks_by_the_objective_and_shows_both_figures(
    tmp_path: Path, objective: str
) -> None:
    from stich.hints.advice import Budget

    options = {"sequence": "constant", "first_round": 2, "rounds": 3}
    live = _new(tmp_path, options=options)
    assert live.rank_by("win" if objective == "win" else "points") is None  # Stiche-Raten has the model
    table = Table(live, Budget(worlds=8), advice=True)
    client = TestClient(create_app(table, TOKEN), headers={"X-Stich-Token": TOKEN})
    try:
        for line in round_lines(simulate("stiche-raten", 4, seed=8, options=options), 1):
            if _enter(client, line)["state"]["my_turn"]:
                break
        advice = _ready_advice(client)["advice"]
        assert advice["status"] == "ready", advice
        # The worker's session has the game's standings: the chance to win is one of the figures.
        value, other = ("chance to win", "points") if objective == "win" else ("expected points", "p win")
        assert advice["value_name"] == value
        assert other in advice["figure_names"]
        column = advice["figure_names"].index(other)
        assert all(len(a["figures"]) == len(advice["figure_names"]) for a in advice["alternatives"])
        assert all(a["figures"][column] for a in advice["alternatives"])
        values = [a["value"] for a in advice["alternatives"]]
        assert values == sorted(values, reverse=True)  # ranked by the objective
    finally:
        table.close()


@pytest.mark.parametrize(
    ("game", "options", "size", "rows"),
    [
        ("was-sticht", {}, 36, 4),
        ("24", {}, 45, 5),
        ("stich-fuer-stich", {}, 55, 5),
        ("stiche-raten", {}, 52, 4),
        ("wizard", {"edition": "rulebook"}, 56, 5),
        ("wizard", {"edition": "original"}, 60, 5),
    ],
)
def test_the_pages_grid_is_the_games_own_deck_a_row_per_suit(
    tmp_path: Path, game: str, options: dict[str, Any], size: int, rows: int
) -> None:
    from stich.serve.app import _page

    live = LiveGame.new(game, NAMES[:3], "Ben", None, options, tmp_path / "game.json")
    boot = json.loads(
        _page(Table(live, advice=False), TOKEN).split('id="boot">', 1)[1].split("</script>", 1)[0]
    )
    grid = boot["deck"]
    cards = [code for row in grid["rows"] for code in row["cards"]]
    assert sorted(cards) == sorted(live.game.deck.codes) and len(cards) == size
    assert len(grid["rows"]) == rows  # the suits, then the cards of no suit (24, phantoms, wizards)
    labels = [grid["faces"][c]["label"] for c in cards]
    assert all(1 <= len(label) <= 3 for label in labels)
    for row in grid["rows"]:  # within a row no two cards look alike
        assert len({grid["faces"][c]["label"] for c in row["cards"]}) == len(row["cards"])


def test_a_text_for_reading_writes_each_card_as_its_game_does() -> None:
    from stich.games import find

    french = find("stiche-raten")(4, {}).deck
    assert french.shown_text("KC: with KC and TH, not KCX") == "K♣: with K♣ and 10♥, not KCX"
    assert find("24")(3, {}).deck.shown_text("give Y5 and 24") == "give Y5 and 24"  # its own names


def _ready_advice(client: TestClient) -> dict[str, Any]:
    for _ in range(600):
        state: dict[str, Any] = client.get("/api/state").json()
        if (state["advice"] or {}).get("status") != "thinking":
            return state
        time.sleep(0.1)
    raise AssertionError("the advice stayed at thinking")


def test_the_advice_at_a_card_reads_as_the_game_writes_cards_and_its_entry_keeps_the_codes(
    tmp_path: Path,
) -> None:
    from stich.hints.advice import Budget

    live = _new(tmp_path, options={"sequence": "constant", "first_round": 3, "rounds": 1})
    table = Table(live, Budget(worlds=8), advice=True)
    client = TestClient(create_app(table, TOKEN), headers={"X-Stich-Token": TOKEN})
    card = re.compile(r"(?<!\w)(?:[2-9TJQKA][SHDC]|10[SHDC])(?!\w)")  # a French card's code
    try:
        record = simulate(
            "stiche-raten", 4, seed=8, options={"sequence": "constant", "first_round": 3, "rounds": 1}
        )
        for line in round_lines(record, 1):
            state = _enter(client, line)["state"]
            if state["my_turn"] and state["phase"] == "play":
                break
        advice = _ready_advice(client)["advice"]
        assert advice["status"] == "ready" and advice["decision"] == "play", advice
        code = advice["entry"].split()[-1]  # the entry in the codes of the entry language: play KC
        assert advice["entry"] == f"play {code}" and advice["label"] == french_symbols([code])[0]  # K♣
        for alternative in advice["alternatives"]:
            assert alternative["label"] == french_symbols([alternative["entry"].split()[-1]])[0]
        for text in (advice["label"], advice["reason"], advice["text"]):
            assert not card.search(text), text
    finally:
        table.close()


def test_lan_listens_on_the_network_address_and_prints_the_url_as_a_qr_code(tmp_path: Path) -> None:
    args = ["wizard", "--players", "Anna,Ben,Carla", "--me", "Ben", "--journal", "game.json", "--lan"]
    process = subprocess.Popen(
        [*STICH, "serve", *args, "--port", "0", "--no-advice"],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        url = process.stdout.readline().strip()
        if not url:
            error = process.stderr.read() if process.stderr else ""
            if "no network address" in error:
                pytest.skip("this machine has no network address")
            raise AssertionError(error)
        assert url.startswith("http://") and not url.startswith("http://127.") and "/?token=" in url
        code = [process.stdout.readline() for _ in range(4)]
        assert all("█" in line for line in code)  # the QR code's quiet zone and first rows
        base, token = url.split("/?token=")
        assert httpx.get(f"{base}/api/state").status_code == 401
        assert httpx.get(f"{base}/api/state", params={"token": token}).json()["game"] == "wizard"
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_without_advice_the_seat_asks_with_hint_and_the_next_entry_drops_it(tmp_path: Path) -> None:
    import time

    from stich.hints.advice import Budget

    table = Table(_new(tmp_path), Budget(worlds=8), advice=False, worker=True)
    client = TestClient(create_app(table, TOKEN), headers={"X-Stich-Token": TOKEN})
    try:
        lines = round_lines(simulate("stiche-raten", 4, seed=8, options=SHORT), 1)
        refused = _enter(client, "hint")
        assert not refused["accepted"] and refused["message"] == "refused: hint: it is not your decision now"
        k = 0
        state: dict[str, Any] = {}
        while not state.get("my_turn"):
            state = _enter(client, lines[k])["state"]
            k += 1
        assert state["advice"] is None  # not asked for
        asked = _enter(client, "hint")
        assert asked["accepted"] and asked["message"].startswith("thinking")
        for _ in range(600):
            state = client.get("/api/state").json()
            if state["advice"]["status"] != "thinking":
                break
            time.sleep(0.1)
        assert state["advice"]["status"] == "ready"
        assert _enter(client, lines[k])["state"]["advice"] is None
    finally:
        table.close()


def test_a_killed_server_leaves_no_advice_worker_behind(tmp_path: Path) -> None:
    """The advice worker is forked with the server; killed with SIGKILL, the server cannot stop
    it, so the worker must see its pipe end (it holds no copy of the server's end)."""
    process, _ = _serve(["stiche-raten", "--players", "Anna,Ben,Carla", "--me", "Ben"], tmp_path)
    children = Path(f"/proc/{process.pid}/task/{process.pid}/children")
    workers = [int(pid) for pid in children.read_text().split()] if children.exists() else []
    assert workers, "the server forked no advice worker"
    os.kill(process.pid, signal.SIGKILL)
    process.wait(timeout=10)
    for pid in workers:
        for _ in range(100):
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                break
            # An orphan is adopted by init, which reaps it; a zombie of ours would linger.
            if Path(f"/proc/{pid}/stat").read_text().split()[2] == "Z":
                break
            time.sleep(0.1)
        else:
            pytest.fail(f"the advice worker {pid} still runs after its server was killed")


# -- the review of a finished round -------------------------------------------------------------


def _without_seconds(data: Any) -> Any:
    """A JSON value without the seconds advice took (the one figure a budget of worlds leaves to
    the machine)."""
    if isinstance(data, dict):
        return {k: _without_seconds(v) for k, v in data.items() if k != "seconds"}
    if isinstance(data, list):
        return [_without_seconds(v) for v in data]
    return data


def _reviewed(client: TestClient, path: str) -> httpx.Response:
    for _ in range(1200):
        answer = client.get(path)
        if answer.status_code != 202:
            return answer
        assert answer.json() == {"status": "reviewing", "round": 1}
        time.sleep(0.05)
    raise AssertionError(f"{path}: still reviewing")


def test_a_finished_round_is_reviewed_with_the_json_of_stich_analyze_round_n(tmp_path: Path) -> None:
    from stich.cli.analyze import round_of
    from stich.hints.analysis import VERDICT_ORDER, analyze, default_budget_of

    budget = default_budget_of(None, 4, 1)  # stich analyze --worlds 4 --seed 1
    options = {**SHORT, "rounds": 2}
    live = _new(tmp_path, options=options)
    table = Table(live, advice=False, review_budget=budget)
    client = TestClient(create_app(table, TOKEN), headers={"X-Stich-Token": TOKEN})
    try:
        lines = round_lines(simulate("stiche-raten", 4, seed=3, options=SHORT), 1)
        for line in lines[:-1]:
            _enter(client, line)
        # Not finished yet: 404 with one line; no round 0 or 2; a malformed N is 400.
        for number in ("1", "0", "2", "99"):
            answer = client.get(f"/api/review?round={number}")
            assert answer.status_code == 404 and "\n" not in answer.json()["error"], number
            assert answer.json()["error"].startswith(f"round {number} is not finished")
        for bad in ("", "x", "-1", "1.5", "1e3", "１"):
            answer = client.get(f"/api/review?round={bad}")
            assert answer.status_code == 400 and "review?round=1" in answer.json()["error"], bad
        assert client.get("/api/review").status_code == 400
        state = _enter(client, lines[-1])["state"]
        assert state["reviews"] == [{"round": 1, "status": "none", "summary": None}]
        first = client.get("/api/review?round=1")
        assert first.status_code in (200, 202)  # asked of the worker; the request is not held up
        review = _reviewed(client, "/api/review?round=1")
        assert review.status_code == 200
        data = review.json()
        # The same JSON as `stich analyze game.json --round 1 --worlds 4 --seed 1 --json`.
        expected = analyze(round_of(tmp_path / "game.json", 1), None, budget).to_json()
        assert _without_seconds(data) == _without_seconds(expected)
        decisions = data["decisions"]
        assert decisions and all(d["seat"] == 1 for d in decisions)
        for decision in decisions:
            assert decision["verdict"] in (*VERDICT_ORDER, "forced")
            if decision["verdict"] != "forced":
                assert isinstance(decision["cost"], float | int), decision
        # Made once: asked again, the same answer at once; the state says it is ready.
        assert client.get("/api/review?round=1").json() == data
        summary = client.get("/api/state").json()["reviews"][0]
        assert summary["status"] == "ready"
        assert summary["summary"]["decisions"] == len(decisions)
        assert summary["summary"]["mistakes"] == sum(d["verdict"] == "mistake" for d in decisions)
        # The page's form: the cards as the game writes them, the deal the round showed.
        page = client.get("/api/review/page?round=1").json()
        assert [d["verdict"] for d in page["decisions"]] == [d["verdict"] for d in decisions]
        played = [d for d in decisions if d["decision"] == "play"]
        assert played and all(
            row["chosen"] == french_symbols([d["label"]])[0]
            for row, d in zip(page["decisions"], decisions, strict=True)
            if d["decision"] == "play"
        )
        cards = [c for seat in page["deal"] for c in seat["cards"]]
        assert len(cards) == 8 and not any(re.fullmatch(r"[2-9TJQKA][SHDC]", c) for c in cards)
        # Undone, the round is not finished; played again, it is reviewed again.
        assert _enter(client, "undo")["accepted"]
        assert client.get("/api/review?round=1").status_code == 404
        assert _enter(client, lines[-1])["state"]["reviews"][0]["status"] == "none"
        again = _reviewed(client, "/api/review?round=1").json()["decisions"]
        assert _without_seconds(again) == _without_seconds(decisions)
    finally:
        table.close()


def test_the_worker_gives_advice_before_the_reviews_asked_earlier(tmp_path: Path) -> None:
    import multiprocessing
    import threading

    from stich.hints.advice import Budget
    from stich.hints.live import Question
    from stich.serve.review import table_job

    record = simulate("stiche-raten", 4, seed=3, options=SHORT)
    view = seat_view(record, 1)
    decision = next(k for k, e in enumerate(view.events) if e.get("seat") == 1)
    ours, theirs = multiprocessing.Pipe()
    budget = Budget(worlds=2, seed=1)
    question = Question(replace(view, events=view.events[:decision]), budget)
    ours.send(("review", 1, view, budget))
    ours.send(("review", 2, view, budget))
    ours.send(("advice", 1, question))
    ours.send(("advice", 2, question))  # the newest only
    worker = threading.Thread(target=table_job, args=(theirs,), daemon=True)
    worker.start()
    answers = []
    for _ in range(3):
        assert ours.poll(60), f"no answer after {answers}: the worker has ended"
        answers.append(ours.recv()[:2])
    assert answers == [("advice", 2), ("review", 1), ("review", 2)]
    ours.close()
    worker.join(timeout=10)
    assert not worker.is_alive()  # the pipe's end ends it


def test_advice_that_fails_unexpectedly_is_answered_and_the_worker_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A failure other than the rules' is answered as text, never left to end the worker: its
    # asker would wait on an answer that never comes.
    import multiprocessing
    import threading

    import stich.hints.advice
    from stich.hints.advice import Budget
    from stich.hints.live import Question
    from stich.serve.review import table_job

    def broken(*args: object) -> None:
        raise RuntimeError("broken on purpose")

    record = simulate("stiche-raten", 4, seed=3, options=SHORT)
    view = seat_view(record, 1)
    decision = next(k for k, e in enumerate(view.events) if e.get("seat") == 1)
    question = Question(replace(view, events=view.events[:decision]), Budget(worlds=2, seed=1))
    ours, theirs = multiprocessing.Pipe()
    worker = threading.Thread(target=table_job, args=(theirs,), daemon=True)
    worker.start()
    with monkeypatch.context() as patched:
        patched.setattr(stich.hints.advice, "advise", broken)
        ours.send(("advice", 1, question))
        assert ours.poll(60)
        assert ours.recv() == ("advice", 1, "RuntimeError: broken on purpose")
    ours.send(("advice", 2, question))
    assert ours.poll(60)
    kind, ticket, answer = ours.recv()
    assert (kind, ticket) == ("advice", 2) and not isinstance(answer, str)
    ours.close()
    worker.join(timeout=10)
    assert not worker.is_alive()


def test_advice_of_a_worker_that_has_ended_says_so_rather_than_thinking_on(tmp_path: Path) -> None:
    from stich.hints.advice import Budget

    options = {"sequence": "constant", "first_round": 2, "rounds": 1}
    live = _new(tmp_path, options=options)
    table = Table(live, Budget(seconds=600), advice=True)  # thinks longer than the test lasts
    client = TestClient(create_app(table, TOKEN), headers={"X-Stich-Token": TOKEN})
    try:
        for line in round_lines(simulate("stiche-raten", 4, seed=8, options=options), 1):
            if _enter(client, line)["state"]["my_turn"]:
                break
        assert client.get("/api/state").json()["advice"]["status"] == "thinking"
        table._process.kill()
        advice = _ready_advice(client)["advice"]
        assert advice == {"status": "none", "text": "no advice: the worker has stopped"}
    finally:
        table.close()


def test_the_page_reads_24s_advice_as_the_score_lower_is_better() -> None:
    # The page's "why" table heads 24's values as the player reads them and fills it with the
    # same numbers as the sentence: the change of the score this round, lower is better.
    from stich.hints.advice import Budget, advise
    from stich.hints.figures import read
    from stich.hints.session import Session
    from stich.serve.app import _advice_json

    record = simulate("24", 3, 2)
    cut = next(i for i, e in enumerate(record.events) if "play" in e)
    head = replace(record, events=record.events[:cut])
    mover = Session.from_record(head, 0).to_move()
    assert mover is not None
    session = Session.from_record(head, mover)
    advice = advise(session, Budget(worlds=8, seed=1))
    page = _advice_json(advice, record.players, session.round.deck)
    assert page["shown_name"] == "your score (lower is better)"
    for alternative, shown in zip(advice.alternatives, page["alternatives"], strict=True):
        assert shown["shown_value"] == pytest.approx(read(advice.value_name, alternative.value), abs=1e-4)
        assert shown["value"] == pytest.approx(alternative.value, abs=1e-4)  # the JSON keeps its sign
    assert f"{page['alternatives'][0]['shown_value']:.2f}" in page["reason"]
