"""stich serve in a real browser: Debian's Chromium driven by Playwright at a phone's size (390 ×
844, touch), every entry made by tapping the page as a player would.

Skipped when Chromium or Playwright is missing, unless STICH_REQUIRE_BROWSER is set (as CI sets
it): then they fail. With STICH_UPDATE_PICTURES set, the screenshots are also written to
docs/pictures/ (the pictures docs/live.md shows).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from stich.games.cards import french_symbols
from stich.games.match import play_match
from stich.games.views import seat_view
from tests.browser import FLAGS, read_png, require_browser
from tests.hints.table_script import event_line, setup_lines
from tests.stich.test_serve import find_taps

pytestmark = pytest.mark.slow  # whole games tapped in Chromium, with advice

STICH = [str(Path(sys.executable).with_name("stich"))]
PICTURES = Path(__file__).resolve().parents[2] / "docs" / "pictures"


def _need(module: str) -> Any:
    try:
        return __import__(module)
    except ImportError:
        message = f"{module} is not installed (pip install -e '.[test,serve]')"
        if os.environ.get("STICH_REQUIRE_BROWSER"):
            pytest.fail(f"STICH_REQUIRE_BROWSER is set but {message}")
        pytest.skip(message)


class Server:
    """A running ``stich serve`` and its URL."""

    def __init__(self, args: list[str], cwd: Path) -> None:
        errors = cwd / "serve.err"  # a file, not a pipe nobody reads while the server runs
        with errors.open("w") as stderr:
            self.process = subprocess.Popen(
                [*STICH, "serve", *args, "--port", "0"],
                cwd=cwd,
                stdout=subprocess.PIPE,
                stderr=stderr,
                text=True,
            )
        assert self.process.stdout is not None
        self.url = self.process.stdout.readline().strip()
        if "/?token=" not in self.url:
            self.process.kill()
            self.process.wait(timeout=10)
            raise AssertionError(errors.read_text())
        self.base, self.token = self.url.split("/?token=")
        self.journal = cwd / "game.json"

    def state(self) -> dict[str, Any]:
        import httpx

        answer = httpx.get(f"{self.base}/api/state", headers={"X-Stich-Token": self.token})
        data: dict[str, Any] = answer.json()
        return data

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


@pytest.fixture
def browser() -> Iterator[Any]:
    chromium = require_browser()
    _need("httpx")
    _need("starlette")
    sync_api = _need("playwright.sync_api")
    del sync_api
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium, args=list(FLAGS))
        try:
            yield launched
        finally:
            launched.close()


def _phone(browser: Any, server: Server) -> Any:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, device_scale_factor=1
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors
    # Nothing but the server itself is ever asked for (anything else would be refused, and counted).
    elsewhere: list[str] = []
    page.elsewhere = elsewhere

    def only_the_server(route: Any) -> None:
        if route.request.url.startswith(server.base + "/"):
            route.continue_()
        else:
            elsewhere.append(route.request.url)
            route.abort()

    page.route("**/*", only_the_server)
    page.goto(server.url)
    page.wait_for_selector("body[data-stream='open']")  # drawn, and the event stream's first state in
    return page


def _version(page: Any) -> int:
    return int(page.evaluate("Number(document.body.dataset.version)"))


def _wait_past(page: Any, version: int) -> None:
    # Polled from here: the page's policy forbids evaluating strings, as wait_for_function does.
    for _ in range(600):
        if _version(page) > version:
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"the page stayed at version {version}")


def tap_entry(page: Any, server: Server, line: str) -> None:
    """Make the entry ``line`` by tapping: the tap that is it, or the words of a composed entry and
    its enter button; then wait until the page shows the state after it."""
    state = server.state()
    taps = find_taps(state, line)
    before = _version(page)
    if page.locator("#choices .deck").count():
        on_first_screen(page, "#choices .deck button.deck-card")  # every grid of cards on one screen
    if page.locator("#layout .tap").count():
        on_first_screen(page, "#layout .tap")  # and the Was sticht? draft's column to pick from
    if "group" in taps:
        composes = [g for g in state["choices"][: taps["group"] + 1] if g["kind"] == "compose"]
        section = page.locator("#choices .group-compose").nth(len(composes) - 1)
        for part, word in taps["words"]:
            section.locator(f"[data-part='{part}'] button[data-word={json.dumps(word)}]").first.tap()
        send = section.locator("button.send")
        assert send.text_content() == f"enter: {taps['entry']}"
        send.tap()
    else:
        button = page.locator(f"button[data-entry={json.dumps(taps['entry'])}]")
        if not button.count():  # a card of several entries (a 1 reversing or not): the card, then which
            card = next(
                i["card"] for g in state["choices"] for i in g.get("items", []) if i["entry"] == taps["entry"]
            )
            page.locator(f"#choices .deck button[data-card={json.dumps(card)}]").tap()
            button = page.locator(f"#choices .ways button[data-entry={json.dumps(taps['entry'])}]")
        button.first.tap()
    _wait_past(page, before)
    assert page.locator("#refused").is_hidden(), page.locator("#refused").text_content()


def _lines(record: Any, seat: int) -> list[str]:
    view = seat_view(record, seat)
    return setup_lines(record, seat) + [event_line(e, record.players, name_seat=True) for e in view.events]


def _picture(page: Any, tmp_path: Path, name: str, element: str | None = None, whole: bool = False) -> Path:
    out = tmp_path / name
    if element is None:
        page.evaluate("window.scrollTo(0, 0)")  # the sticky top bar at the top of the picture
        page.wait_for_timeout(100)
        page.screenshot(path=str(out), full_page=whole)
    else:
        page.locator(element).screenshot(path=str(out))
    if os.environ.get("STICH_UPDATE_PICTURES"):
        shutil.copy(out, PICTURES / name)
    return out


def test_a_whole_stiche_raten_game_entered_by_taps_with_advice_undo_and_a_refused_tap(
    browser: Any, tmp_path: Path
) -> None:
    options = {"sequence": "constant", "first_round": 3, "rounds": 1}
    match = play_match("stiche-raten", 4, seed=11, options=options)
    args = ["stiche-raten", "--players", ",".join(match.players), "--me", match.players[1]]
    args += [f"-o{k}={v}" for k, v in options.items()] + ["--journal", "game.json", "--worlds", "16"]
    server = Server(args, tmp_path)
    try:
        page = _phone(browser, server)
        # A refused tap: undo with nothing to undo says why in one line and changes nothing.
        journal = server.journal.read_bytes()
        before = _version(page)
        page.locator("#undo").tap()
        page.wait_for_selector("#refused:not([hidden])")
        assert page.locator("#refused").text_content() == "refused: nothing to undo"
        assert _version(page) == before and server.journal.read_bytes() == journal
        advised = undone = 0
        pictured = other = False
        for record in match.rounds:
            for line in _lines(record, 1):
                state = server.state()
                if state["my_turn"]:
                    # The advice comes after "thinking…", and marks its choice on the card or number.
                    page.wait_for_selector("#advice[data-status='ready']", timeout=120000)
                    best = page.locator(".tap.best")
                    assert best.count() == 1
                    advice = server.state()["advice"]
                    assert best.get_attribute("data-entry").split(": ")[-1] == advice["entry"]
                    advised += 1
                    if state["phase"] == "play":  # the advice as the game writes cards: K♣, not KC
                        code = advice["entry"].split()[-1]
                        assert (
                            page.locator("#advice b").text_content() == f"advice: {french_symbols([code])[0]}"
                        )
                    if state["phase"] == "play" and not pictured:
                        dimmed = page.locator("#hand .tap.dim").count()
                        lit = page.locator("#hand .tap:not(.dim)").count()
                        assert lit + dimmed == len(state["hand"]) and lit >= 1
                        shot = read_png(_picture(page, tmp_path, "serve-hand.png"))
                        assert shot.width == 390 and (27, 94, 32) in set(shot.pixels()[: 390 * 40])
                        pictured = True
                if not state["my_turn"] and state["trick"] and not other:
                    # Another seat's card: the deck on one screen, the cards it cannot hold dimmed.
                    assert page.locator("#choices .deck button.dim").count() >= len(state["hand"])
                    _picture(page, tmp_path, "serve-other.png")
                    # A dimmed card taps all the same, and the rules refuse it: it is in one's hand.
                    before = _version(page)
                    page.locator(f"#choices .deck button.dim[data-card='{state['hand'][0]}']").tap()
                    page.wait_for_selector("#refused:not([hidden])")
                    assert page.locator("#refused").text_content().startswith("refused: ")
                    assert _version(page) == before and server.state()["version"] == state["version"]
                    other = True
                tap_entry(page, server, line)
                if state["my_turn"] and not undone:
                    # Undo, as one button: the state before the entry again, in the journal too.
                    before = _version(page)
                    page.locator("#undo").tap()
                    _wait_past(page, before)
                    again = server.state()
                    for key in ("hand", "phase", "mover", "trick", "tricks", "view"):
                        assert again[key] == state[key], key
                    tap_entry(page, server, line)
                    undone += 1
        final = server.state()
        assert final["over"] and page.locator("#turn").text_content().startswith("the game is over")
        assert final["totals"] == match.totals
        assert advised >= 2 and undone == 1 and pictured and other
        assert page.errors == [] and page.elsewhere == []
        # The typed entry box: a refused entry in one line, nothing changed.
        page.fill("#entry", "bid 9")
        page.locator("#typed button").tap()
        page.wait_for_selector("#refused:not([hidden])")
        assert page.locator("#refused").text_content().startswith("refused: ")
        data = json.loads(server.journal.read_text())
        assert data["standing"]["ended"] is not False
    finally:
        server.stop()


def test_a_was_sticht_layout_tapped_in_its_grid_then_the_draft_and_the_trumps_deduced(
    browser: Any, tmp_path: Path
) -> None:
    match = play_match("was-sticht", 4, seed=3, options={})
    record = match.rounds[0]
    args = ["was-sticht", "--players", ",".join(match.players), "--me", match.players[1]]
    args += ["--dealer", match.players[record.dealer], "--journal", "game.json", "--no-advice"]
    server = Server(args, tmp_path)
    try:
        page = _phone(browser, server)
        lines = _lines(record, 1)
        layout = [line for line in lines if line.startswith("layout ")]
        assert len(layout) == 9
        for k, line in enumerate(layout):
            if k == 4:
                # Half the layout in: the 36 cards, a colour's nine in two rows, the chosen ones
                # numbered, the ones laid out already dimmed; all on the first screen.
                grid = page.locator("#choices .deck").first
                assert grid.locator("button").count() == 36 and grid.locator("button.dim").count() == 16
                on_first_screen(page, "#choices .deck button")
                for card in line.split()[1:3]:
                    grid.locator(f"button[data-word='{card}']").tap()
                assert grid.locator(".chosen").count() == 2
                _picture(page, tmp_path, "serve-layout.png")
                for card in line.split()[1:3]:
                    grid.locator(f"button[data-word='{card}']").tap()  # taken back
            tap_entry(page, server, line)
        events = lines[9:]
        shown = False
        for line in events:
            tap_entry(page, server, line)
            state = server.state()
            if state["phase"] == "draft" and (state["deduction"] or {}).get("count", 99) <= 4 and not shown:
                assert page.locator(".layout-grid .layout-column").count() >= 1
                assert page.locator("#deduction .bar-row").count() == state["deduction"]["count"]
                _picture(page, tmp_path, "serve-draft.png")
                fills = page.locator("#deduction .bar .fill")
                bars = fills.evaluate_all("els => els.map(e => e.style.width)")
                assert bars == [f"{round(100 * s['p'])}%" for s in state["deduction"]["secrets"]]
                shown = True
            if state["phase"] == "play":
                break
        assert shown and page.errors == [] and page.elsewhere == []
    finally:
        server.stop()


# Whole games: 24 with Trump Chaos, Stich für Stich, six-player Wizard (9 rounds, not the 18 of
# three players) and Was sticht? (a seed whose game ends after 7 rounds).
GAMES = [
    ("24", 3, {"trump_chaos": True}, None, 5),
    ("stich-fuer-stich", 3, {}, None, 5),
    ("wizard", 6, {}, None, 5),
    ("was-sticht", 4, {}, None, 17),
]


@pytest.mark.parametrize(("game", "players", "options", "rounds", "seed"), GAMES, ids=[g[0] for g in GAMES])
def test_each_other_game_entered_by_taps(
    browser: Any,
    tmp_path: Path,
    game: str,
    players: int,
    options: dict[str, Any],
    rounds: int | None,
    seed: int,
) -> None:
    match = play_match(game, players, seed=seed, options=options)
    record = match.rounds[0]
    args = [game, "--players", ",".join(match.players), "--me", match.players[1]]
    args += ["--dealer", match.players[record.dealer], "--journal", "game.json"]
    # Stich für Stich with advice: a guess's advice is marked on its culprit and weapon.
    args += ["--worlds", "8"] if game == "stich-fuer-stich" else ["--no-advice"]
    args += [f"-o{k}={json.dumps(v)}" for k, v in options.items()]
    server = Server(args, tmp_path)
    guessed = False
    try:
        page = _phone(browser, server)
        for number, played in enumerate(match.rounds[:rounds], 1):
            assert server.state()["round"] == number
            for line in _lines(played, 1):
                state = server.state()
                if (
                    game == "stich-fuer-stich"
                    and state["my_turn"]
                    and state["phase"] == "search"
                    and not guessed
                ):
                    page.wait_for_selector("#advice[data-status='ready']", timeout=120000)
                    advised = server.state()["advice"]["entry"].split()
                    marked = page.locator(".group-compose .tap.best").all_text_contents()
                    assert advised[0] == "guess" and marked == advised[1:3]
                    shot = read_png(_picture(page, tmp_path, "serve-guess.png", whole=True))
                    assert shot.height > 844  # the whole page: the guess, then the bars below
                    guessed = True
                tap_entry(page, server, line)
        state = server.state()
        if rounds is None:
            assert state["over"] and state["totals"] == match.totals
            assert page.locator("#turn").text_content().startswith("the game is over; winner: ")
        else:
            assert state["scores"] == match.scores[:rounds]
        assert guessed or game != "stich-fuer-stich"
        assert page.errors == [] and page.elsewhere == []
    finally:
        server.stop()


def test_a_round_played_to_its_end_is_reviewed_on_the_phone_with_its_verdicts(
    browser: Any, tmp_path: Path
) -> None:
    import httpx

    options = {"sequence": "constant", "first_round": 2, "rounds": 2}
    match = play_match("stiche-raten", 4, seed=11, options=options)
    args = ["stiche-raten", "--players", ",".join(match.players), "--me", match.players[1]]
    args += [f"-o{k}={v}" for k, v in options.items()] + ["--journal", "game.json", "--no-advice"]
    server = Server(args, tmp_path)
    headers = {"X-Stich-Token": server.token}
    try:
        page = _phone(browser, server)
        assert page.locator("#review-last").is_hidden()  # nothing to review before a round ends
        for line in _lines(match.rounds[0], 1):
            tap_entry(page, server, line)
        # Round 2's hand to enter, and round 1 to review from the top bar.
        assert server.state()["round"] == 2
        page.locator("#review-last").tap()
        page.wait_for_selector("#review .decision", timeout=120000)  # "reviewing…" until it is ready
        assert server.state()["reviews"][0]["status"] == "ready"
        verdicts = page.locator("#review .decision .verdict").all_text_contents()
        data = httpx.get(f"{server.base}/api/review?round=1", headers=headers).json()
        assert verdicts == [d["verdict"] for d in data["decisions"]] and verdicts
        # The choices as the game writes cards (8♥, not 8H); the deal of the four hands.
        chosen = page.locator("#review .decision .chosen-card").all_text_contents()
        for text, decision in zip(chosen, data["decisions"], strict=True):
            if decision["decision"] == "play":
                assert text == french_symbols([decision["label"]])[0]
        hands = page.locator("#review .deal-row").all_text_contents()[:4]
        assert [h.split(":")[0] for h in hands] == match.players
        dealt = page.locator("#review .deal-row .chip").evaluate_all("els => els.map(e => e.title)")
        deal = httpx.get(f"{server.base}/api/review/page?round=1", headers=headers).json()["deal"]
        assert (
            dealt[:8]
            == [c for hand in deal for c in hand["cards"]]
            == french_symbols([c for hand in deal for c in hand["codes"]])
        )
        assert page.locator("#review .summary-line").text_content().startswith(f"{len(verdicts)} decision")
        # A list that scrolls down, never sideways: it fits the phone's width.
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert page.locator("#choices").is_hidden() and page.locator("#review-back").is_visible()
        _picture(page, tmp_path, "serve-review.png")
        # Back to the table, where round 2's hand is entered by taps as before.
        page.locator("#review-back").tap()
        assert page.locator("#review").is_hidden() and page.locator("#choices").is_visible()
        for line in _lines(match.rounds[1], 1):
            tap_entry(page, server, line)
        assert server.state()["over"]
        # At the game's end: the last round in words, and every round's summary (round 1 made once).
        page.locator("#review-game").tap()
        page.wait_for_selector("#review .round-table tr[data-round='2'] td:nth-child(2):not(.reviewing)")
        rows = page.locator("#review .round-table tr[data-round]").count()
        assert rows == 2 and "reviewing" not in page.locator("#review .round-table").text_content()
        page.locator("#review .round-table tr[data-round='2'] button").tap()
        page.wait_for_selector("#review .decision")
        assert page.locator("#review h2").first.text_content() == "round 2: your decisions"
        assert page.errors == [] and page.elsewhere == []
    finally:
        server.stop()


# -- the deck on one screen ----------------------------------------------------------------------


def on_first_screen(page: Any, selector: str) -> int:
    """Assert that every element ``selector`` finds lies inside the first 390 × 844 screen of the
    page (neither the page nor any box around it scrolled) and is at least 40 × 40 px; how many."""
    # Found and measured in one evaluation: a state drawn in between would detach what was found.
    found = page.evaluate(
        """selector => Array.from(document.querySelectorAll(selector)).map(e => {
            const r = e.getBoundingClientRect();
            let scrolled = window.scrollY;
            for (let p = e.parentElement; p; p = p.parentElement) scrolled += p.scrollTop + p.scrollLeft;
            const card = e.dataset.card || e.textContent;
            return {card, x: r.left, y: r.top, w: r.width, h: r.height, scrolled};
        })""",
        selector,
    )
    assert found, selector
    for box in found:
        assert box["scrolled"] == 0, box
        assert (
            box["x"] >= 0 and box["x"] + box["w"] <= 390 and box["y"] >= 0 and box["y"] + box["h"] <= 844
        ), box
        assert box["w"] >= 40 and box["h"] >= 40, box
    return len(found)


HAND_DECKS = [
    ("stiche-raten", "Anna,Ben,Carla,Dan", {}, 52),
    ("wizard", "Anna,Ben,Carla", {"edition": "original"}, 60),
    ("wizard", "Anna,Ben,Carla,Dan", {"edition": "rulebook"}, 56),
    ("24", "Anna,Ben,Carla", {}, 45),
    ("stich-fuer-stich", "Anna,Ben,Carla", {}, 55),
    ("was-sticht", "Anna,Ben,Carla,Dan", {}, 36),  # the layout: the hands come from the draft
]


@pytest.mark.parametrize(
    ("game", "players", "options", "size"),
    HAND_DECKS,
    ids=["stiche-raten", "wizard-60", "wizard-56", "24", "stich-fuer-stich", "was-sticht-layout"],
)
def test_each_games_hand_entry_fits_one_phone_screen_and_a_second_tap_takes_a_card_back(
    browser: Any, tmp_path: Path, game: str, players: str, options: dict[str, Any], size: int
) -> None:
    args = [game, "--players", players, "--me", "Ben", "--journal", "game.json", "--no-advice"]
    args += [f"-o{k}={json.dumps(v)}" for k, v in options.items()]
    server = Server(args, tmp_path)
    try:
        page = _phone(browser, server)
        grid = "#choices .group-compose .deck button.deck-card"
        assert on_first_screen(page, grid) == size
        assert page.locator(f"{grid}.dim").count() == 0  # nothing entered yet: every card may be
        section = page.locator("#choices .group-compose").first
        deck = json.loads(page.locator("#boot").text_content())["deck"]
        part = server.state()["choices"][0]["parts"][0]
        need = part.get("max") or part["count"]  # Wizard's first round: 1 card; a layout's column: 4
        cards = deck["rows"][0]["cards"][: min(need, 3)]
        for card in cards:
            section.locator(f".deck button[data-card='{card}']").tap()
        assert section.locator(".deck .chosen").count() == len(cards)
        apart = section.locator(".cards-picked button").all_text_contents()
        assert apart == [f"{deck['shown'][c]} ×" for c in cards]  # as the game writes them: A♠, R1
        on_first_screen(page, grid)  # the chosen ones apart move nothing off the screen
        if game == "stiche-raten":
            _picture(page, tmp_path, "serve-hand-entry.png")
        section.locator(f".deck button[data-card='{cards[0]}']").tap()  # a second tap takes it back
        assert section.locator(".deck .chosen").count() == len(cards) - 1
        for card in cards[1:]:
            section.locator(f".cards-picked button[data-word='{card}']").tap()  # or a tap on it apart
        assert (
            section.locator(".deck .chosen").count() == 0
            and section.locator(".cards-picked button").count() == 0
        )
        assert page.errors == [] and page.elsewhere == []
    finally:
        server.stop()


def _visibility(page: Any, hidden: bool) -> None:
    """The page hidden (a phone put away, its screen off) or shown again, as the browser tells it."""
    page.evaluate(
        """hidden => {
            Object.defineProperty(document, "hidden", {value: hidden, configurable: true});
            const state = hidden ? "hidden" : "visible";
            Object.defineProperty(document, "visibilityState", {value: state, configurable: true});
            document.dispatchEvent(new Event("visibilitychange"));
        }""",
        hidden,
    )


def test_a_page_hidden_and_shown_again_catches_up_with_what_another_device_entered(
    browser: Any, tmp_path: Path
) -> None:
    import httpx

    args = ["stiche-raten", "--players", "Anna,Ben,Carla,Dan", "--me", "Ben", "--journal", "game.json"]
    server = Server([*args, "--no-advice"], tmp_path)
    try:
        page = _phone(browser, server)
        other = {"X-Stich-Token": server.token}
        page.route("**/api/events*", lambda route: route.abort())  # no new stream while it sleeps
        _visibility(page, hidden=True)
        assert page.evaluate("document.body.dataset.stream") == "closed"
        before = _version(page)
        answer = httpx.post(f"{server.base}/api/entry", json={"entry": "hand AS KS"}, headers=other)
        assert answer.json()["accepted"]
        page.wait_for_timeout(1500)
        assert _version(page) == before  # nothing reached the hidden page: its stream is closed
        page.unroute("**/api/events*")
        _visibility(page, hidden=False)
        _wait_past(page, before)
        assert page.locator("#hand .chip").all_text_contents() == ["A♠", "K♠"]
        dimmed = page.locator("#choices .deck button.dim").evaluate_all("els => els.map(e => e.dataset.card)")
        assert dimmed == ["KS", "AS"]  # entered: no longer to choose
        # Listening again: an entry from elsewhere appears without a reload.
        page.wait_for_selector("body[data-stream='open']")
        before = _version(page)
        assert httpx.post(f"{server.base}/api/entry", json={"entry": "hand QS"}, headers=other).json()[
            "accepted"
        ]
        _wait_past(page, before)
        assert page.locator("#hand .chip").all_text_contents() == ["A♠", "K♠", "Q♠"]
        assert page.errors == [] and page.elsewhere == []
    finally:
        server.stop()
