"""Damaged input through the commands that tests/test_fuzz_cli.py does not reach.

Property-based (hypothesis), in process, each command under a wall limit:

- ``live``, entries piped in: the entry lines of simulated rounds of every game, with lines
  dropped, repeated, swapped or replaced (random words, entry-like words with other numbers,
  digits that are not ASCII, control characters, a huge line), and input that ends mid-round;
- ``live --resume``: the journals those sessions wrote, damaged as test_fuzz_cli damages records
  (a field's type swapped, a key removed or added, rounds dropped or repeated, text truncated);
- ``hint`` and ``analyze`` on small damaged records, with one to four worlds;
- ``import``: PBN and Trickster files with lines dropped, repeated or altered;
- ``puzzle check``, ``puzzle solve`` and ``puzzle play`` on damaged puzzle files;
- ``simulate -o`` and ``arena -o``: option values nobody should type;
- ``stich serve``: entries and request bodies through ``POST /api/entry`` (Starlette's test client).

Invariants: exit 0 with nothing on stderr, or exit 1 with exactly one ``stich: error:`` line
(``live``: a refused entry is one ``refused:`` line and the session goes on); never an
exception; never past the wall limit; a journal after any input holds every accepted entry and
is accepted by ``stich check`` and by ``stich live --resume``, which leaves it unchanged.

``STICH_FUZZ_EXAMPLES=5000 pytest tests/test_fuzz_commands.py`` runs that many fresh examples per
test (the default run is derandomized: the same examples every time).
"""

from __future__ import annotations

import json
import os
import traceback
from collections.abc import Sequence
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner, Result

from stich.cli import app
from stich.games.match import play_match
from stich.games.record import simulate
from stich.games.views import seat_view
from tests.hints.table_script import round_lines
from tests.test_fuzz_cli import ONE_LINE, any_of, damaged, json_values, time_limit

pytestmark = pytest.mark.slow  # hundreds of generated commands per test

SECONDS = 60  # a hang, not a slow run
CUSTOM = int(os.environ.get("STICH_FUZZ_EXAMPLES", "0"))


def fuzz(examples: int) -> Any:
    return settings(
        max_examples=CUSTOM or examples,
        deadline=None,
        derandomize=not CUSTOM,
        suppress_health_check=[
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
            HealthCheck.large_base_example,
        ],
    )


runner = CliRunner()
SAMPLES = Path(__file__).parent / "games" / "imports" / "samples"


def invoke(args: list[str], stdin: str | None = None) -> Result:
    """``stich ARGS`` in process; fails on an exception, a hang or an unclean refusal."""
    with time_limit(SECONDS):
        result = runner.invoke(app, args, input=stdin)
    shown = f"stich {' '.join(args)!r}" + (f" with input {stdin[:600]!r}" if stdin else "")
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        trace = "".join(traceback.format_exception(result.exception))
        pytest.fail(f"{shown}\nraised {result.exception!r}\n{trace}")
    assert result.exit_code in (0, 1), f"{shown}: exit status {result.exit_code}\n{result.output}"
    if result.exit_code == 0:
        assert result.stderr == "" or _notes_only(result.stderr), f"{shown}: exit 0, stderr {result.stderr!r}"
    elif args[0] == "import":  # each unreadable line is named on a line of its own
        assert all(ONE_LINE.fullmatch(line) for line in _without_notes(result.stderr).splitlines(True)), (
            f"{shown}: stderr {result.stderr!r}"
        )
    else:
        assert ONE_LINE.fullmatch(_without_notes(result.stderr)), f"{shown}: stderr {result.stderr!r}"
    assert "Traceback" not in result.stdout, f"{shown}: {result.stdout}"
    return result


def _without_notes(stderr: str) -> str:
    """Stderr less the progress lines and ``stich: note:`` lines the commands may print."""
    return "".join(
        line
        for line in stderr.splitlines(keepends=True)
        if not line.startswith(("stich: note:", "stich: warning:", "wrote ", "\r")) and "%" not in line[:20]
    )


def _notes_only(stderr: str) -> bool:
    return _without_notes(stderr).strip() == "" and "Traceback" not in stderr


# -- stich live, piped ------------------------------------------------------------------------

# (game, players, options): short rounds, so that a session is quick.
LIVE_GAMES: list[tuple[str, int, dict[str, Any]]] = [
    ("stiche-raten", 3, {"first_round": 2, "rounds": 2, "sequence": "constant"}),
    ("stiche-raten", 4, {"first_round": 2, "rounds": 1, "sequence": "constant", "bidding": "simultaneous"}),
    ("wizard", 3, {}),
    ("24", 3, {}),
    ("24", 4, {"trump_chaos": True}),
    ("stich-fuer-stich", 3, {}),
    ("was-sticht", 4, {}),
    ("was-sticht", 3, {}),
]
NAMES = ["Anna", "Ben", "Carla", "Dan", "Eva"]
WORDS = [
    "bid", "play", "pick", "announce", "reveal", "task", "trump", "exchange", "receive", "drop", "winner",
    "guess", "solved", "false", "hand", "turn", "layout", "secret", "undo", "show", "hint", "help",
    "none", "blind", "reverse", "table", "Anna:", "Ben:", "carla:", "Dan:", "AS", "KH", "10C", "Z1", "N2",
    "R5", "Y9", "24", "G11", "I7", "P2", "H13", "gardener", "knife", "pillow", "-1", "0", "1", "2", "3",
    "99", "²", "³", "٣", "1.5", "1e9", "\t", "\x01", "\u2028", "\x00", "é", "🂡", "[bold]", "x" * 50,
]  # fmt: skip
words = st.sampled_from(WORDS) | st.text(max_size=6)
random_lines = st.lists(words, min_size=0, max_size=5).map(" ".join)


def _options_args(options: dict[str, Any]) -> list[str]:
    args: list[str] = []
    for key, value in options.items():
        text = json.dumps(value) if not isinstance(value, str) else value
        args += ["-o", f"{key}={text}"]
    return args


@cache
def live_seeds() -> tuple[tuple[int, tuple[str, ...]], ...]:
    """Per live game: the entry lines of one seat for a whole (short) game of random play."""
    seeds = []
    for i, (game_id, players, options) in enumerate(LIVE_GAMES):
        seat = i % players
        if game_id == "stiche-raten":
            match = play_match(game_id, players, i, options)
            lines = [line for record in match.rounds for line in round_lines(record, seat)]
        else:
            record = simulate(game_id, players, i, options)
            lines = round_lines(record, seat)
        seeds.append((i, tuple(lines)))
    return tuple(seeds)


def damaged_lines(data: st.DataObject, lines: Sequence[str]) -> list[str]:
    out = list(lines)
    for _ in range(data.draw(st.integers(1, 4), label="mutations")):
        kind = data.draw(
            st.sampled_from(["drop", "repeat", "swap", "replace", "word", "insert", "huge", "cut"]),
            label="line mutation",
        )
        if not out:
            out.append(data.draw(random_lines, label="line"))
            continue
        i = data.draw(st.integers(0, len(out) - 1), label="line")
        j = data.draw(st.integers(0, len(out) - 1), label="other line")
        if kind == "drop":
            del out[i]
        elif kind == "repeat":
            out.insert(j, out[i])
        elif kind == "swap":
            out[i], out[j] = out[j], out[i]
        elif kind == "replace":
            out[i] = data.draw(random_lines, label="line")
        elif kind == "word":
            parts = out[i].split(" ")
            k = data.draw(st.integers(0, len(parts) - 1), label="word")
            parts[k] = data.draw(words, label="new word")
            out[i] = " ".join(parts)
        elif kind == "insert":
            out.insert(i, data.draw(random_lines, label="line"))
        elif kind == "huge":
            out.insert(i, "play " + "AS " * data.draw(st.sampled_from([100, 5000]), label="size"))
        else:
            out = out[:i]
    return out


def check_journal(journal: Path) -> None:
    """A journal that a session wrote: `stich check` accepts it, `--resume` keeps it byte for byte."""
    if not journal.exists():
        return
    before = journal.read_bytes()
    checked = invoke(["check", str(journal), "--json"])
    assert checked.exit_code == 0, f"check refuses the journal live wrote: {checked.stdout[-400:]}"
    resumed = invoke(["live", "--resume", str(journal), "--no-advice"], "quit\n")
    assert resumed.exit_code == 0, f"--resume refuses the journal live wrote: {resumed.output[-400:]}"
    assert journal.read_bytes() == before, "--resume changed the journal"


@fuzz(60)
@given(data=st.data())
def test_live_piped_damaged_entries(tmp_path_factory: pytest.TempPathFactory, data: st.DataObject) -> None:
    index, lines = any_of(data, live_seeds(), "game")
    game_id, players, options = LIVE_GAMES[index]
    entries = damaged_lines(data, lines)
    directory = tmp_path_factory.mktemp("live")
    journal = directory / "journal.json"
    names = NAMES[:players]
    args = ["live", game_id, "--players", ",".join(names), "--me", names[index % players], "--no-advice"]
    args += [*_options_args(options), "--journal", str(journal)]
    text = "\n".join(entries) + data.draw(st.sampled_from(["\n", "", "\nquit\n"]), label="end")
    result = invoke(args, text)
    refused = sum(line.startswith("refused:") for line in result.stdout.splitlines())
    event(f"live: exit {result.exit_code}, {'some' if refused else 'no'} entries refused")
    check_journal(journal)


@cache
def journal_seeds() -> tuple[str, ...]:
    """Journals written by whole piped sessions of each live game (as text; never mutated)."""
    texts = []
    for index, lines in live_seeds():
        game_id, players, options = LIVE_GAMES[index]
        directory = Path(os.environ.get("TMPDIR", "/tmp"))
        journal = directory / f"stich-fuzz-journal-{os.getpid()}-{index}.json"
        journal.unlink(missing_ok=True)
        names = NAMES[:players]
        args = ["live", game_id, "--players", ",".join(names), "--me", names[index % players], "--no-advice"]
        args += [*_options_args(options), "--journal", str(journal)]
        # Half the game: a journal with a round under way.
        cut = len(lines) // 2 if index % 2 else len(lines)
        result = runner.invoke(app, args, input="\n".join(lines[:cut]) + "\n")
        assert result.exit_code == 0, result.output
        texts.append(journal.read_text(encoding="utf-8"))
        journal.unlink()
    return tuple(texts)


@fuzz(60)
@given(data=st.data())
def test_live_resume_damaged_journals(tmp_path_factory: pytest.TempPathFactory, data: st.DataObject) -> None:
    text = damaged(data, any_of(data, journal_seeds(), "journal"))
    journal = tmp_path_factory.mktemp("resume") / "journal.json"
    journal.write_text(text, encoding="utf-8", errors="surrogatepass")
    before = journal.read_bytes()
    result = invoke(["live", "--resume", str(journal), "--no-advice"], "show\nquit\n")
    event(f"live --resume: exit {result.exit_code}")
    if result.exit_code == 1:
        assert journal.read_bytes() == before, "a refused journal was changed"
    else:
        # What --resume accepted, stich check accepts too.
        checked = invoke(["check", str(journal), "--json"])
        assert checked.exit_code == 0, f"--resume accepted what check refuses: {checked.stdout[-400:]}"


def test_the_journal_seeds_themselves_pass(tmp_path: Path) -> None:
    for i, text in enumerate(journal_seeds()):
        journal = tmp_path / f"j{i}.json"
        journal.write_text(text, encoding="utf-8")
        check_journal(journal)


# -- hint and analyze on small damaged records --------------------------------------------------

SMALL_GAMES: list[tuple[str, int, dict[str, Any]]] = [
    ("stiche-raten", 3, {"first_round": 2}),
    ("stiche-raten", 4, {"first_round": 3, "scoring": "strict"}),
    ("wizard", 3, {}),
    ("24", 3, {}),
    ("stich-fuer-stich", 3, {}),
    ("was-sticht", 4, {}),
]


@cache
def small_records() -> tuple[str, ...]:
    texts = []
    for i, (game_id, players, options) in enumerate(SMALL_GAMES):
        record = simulate(game_id, players, 100 + i, options)
        view = seat_view(record, i % players)
        texts.append(json.dumps(record.to_json()))
        # The seat's view cut where the seat is to act: its first, a middle and its last decision.
        own = [k for k, e in enumerate(view.events) if e.get("seat") == view.view]
        for k in (own[0], own[len(own) // 2], own[-1]):
            texts.append(json.dumps(replace(view, events=view.events[:k]).to_json()))
    return tuple(texts)


def maybe_damaged(data: st.DataObject, seed_text: str) -> str:
    """The seed as it is (a third of the time: the commands' own work gets done) or damaged."""
    return seed_text if data.draw(st.integers(0, 2), label="damage") == 0 else damaged(data, seed_text)


@fuzz(40)
@given(data=st.data())
def test_hint_on_damaged_records(tmp_path_factory: pytest.TempPathFactory, data: st.DataObject) -> None:
    text = maybe_damaged(data, any_of(data, small_records(), "record"))
    path = tmp_path_factory.mktemp("hint") / "record.json"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    worlds = str(data.draw(st.integers(1, 4), label="worlds"))
    args = ["hint", str(path), "--worlds", worlds, "--seed", "1"]
    args += data.draw(st.sampled_from([[], ["--json"], ["--json", "--seat", "1"], ["--seat", "Ben"]]))
    args += data.draw(st.sampled_from([[], [], ["--at", "-1"], ["--at", "5"], ["--at", "99"]]), label="at")
    result = invoke(args)
    if "--json" in args and result.exit_code == 0:
        json.loads(result.stdout)
    event(f"hint: exit {result.exit_code}")


@fuzz(20)
@given(data=st.data())
def test_analyze_on_damaged_records(tmp_path_factory: pytest.TempPathFactory, data: st.DataObject) -> None:
    text = maybe_damaged(data, any_of(data, small_records()[::4], "record"))  # the omniscient ones
    path = tmp_path_factory.mktemp("analyze") / "record.json"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    worlds = str(data.draw(st.integers(1, 2), label="worlds"))
    args = ["analyze", str(path), "--worlds", worlds, "--seed", "1"]
    args += data.draw(st.sampled_from([[], ["--json"], ["--seat", "0"]]))
    if data.draw(st.booleans(), label="html"):
        args += ["--html", str(path.with_suffix(".html"))]
    result = invoke(args)
    event(f"analyze: exit {result.exit_code}")


# -- import -----------------------------------------------------------------------------------

PBN_WORDS = ['[Deal "N:AKQ.JT9.876.5432 - - -"]', "[Board", '"', "]", "N:", "S:", "x", "\x00", "é" * 50]


@fuzz(80)
@given(data=st.data())
def test_import_damaged_files(tmp_path_factory: pytest.TempPathFactory, data: st.DataObject) -> None:
    source = any_of(data, sorted(SAMPLES.glob("*.pbn")), "file")
    lines = source.read_text(encoding="utf-8", errors="replace").splitlines()
    for _ in range(data.draw(st.integers(1, 4), label="mutations")):
        if not lines:
            break
        i = data.draw(st.integers(0, len(lines) - 1), label="line")
        kind = data.draw(st.sampled_from(["drop", "repeat", "replace", "char", "cut"]), label="mutation")
        if kind == "drop":
            del lines[i]
        elif kind == "repeat":
            lines.insert(i, lines[i])
        elif kind == "replace":
            lines[i] = data.draw(st.sampled_from(PBN_WORDS) | st.text(max_size=20), label="new line")
        elif kind == "char" and lines[i]:
            k = data.draw(st.integers(0, len(lines[i]) - 1), label="at")
            lines[i] = (
                lines[i][:k] + data.draw(st.text(min_size=1, max_size=3), label="chars") + lines[i][k + 1 :]
            )
        else:
            lines = lines[:i]
    directory = tmp_path_factory.mktemp("import")
    path = directory / source.name
    path.write_text("\n".join(lines), encoding="utf-8", errors="surrogatepass")
    out = directory / "out"
    game = data.draw(st.sampled_from([[], ["--game", "stiche-raten"], ["--game", "wizard"]]), label="game")
    result = invoke(["import", str(path), "--out", str(out), *game])
    event(f"import: exit {result.exit_code}")
    if result.exit_code == 0:
        # Every record written is one that stich check accepts.
        for written in sorted(out.glob("*.json")):
            checked = invoke(["check", str(written), "--json"])
            assert checked.exit_code == 0, (
                f"import wrote {written.name}, check refuses: {checked.stdout[-300:]}"
            )


# -- puzzle files -----------------------------------------------------------------------------


@cache
def puzzle_seeds() -> tuple[str, ...]:
    texts = []
    for game, kind in [("was-sticht", "trump"), ("stich-fuer-stich", "case"), ("stiche-raten", "endgame")]:
        result = runner.invoke(
            app,
            [
                "puzzle",
                "new",
                game,
                "--kind",
                kind,
                "--grade",
                "easy",
                "--count",
                "1",
                "--seed",
                "3",
                "--format",
                "json",
            ],
        )
        assert result.exit_code == 0, result.output
        texts.append(result.stdout)
    return tuple(texts)


@fuzz(60)
@given(data=st.data())
def test_puzzle_commands_on_damaged_files(
    tmp_path_factory: pytest.TempPathFactory, data: st.DataObject
) -> None:
    text = damaged(data, any_of(data, puzzle_seeds(), "puzzle file"))
    path = tmp_path_factory.mktemp("puzzle") / "puzzles.json"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    command = data.draw(
        st.sampled_from([["check"], ["check", "--json"], ["solve"], ["play"]]), label="command"
    )
    stdin = "foo\nhint\nAS\nR 5\ngardener knife\n" if command == ["play"] else None
    result = invoke(["puzzle", command[0], str(path), *command[1:]], stdin)
    event(f"puzzle {command[0]}: exit {result.exit_code}")


# -- options ----------------------------------------------------------------------------------

OPTION_KEYS = [
    "first_round",
    "rounds",
    "sequence",
    "edition",
    "scoring",
    "bidding",
    "trump_chaos",
    "deck",
    "x",
    "",
]
OPTION_VALUES = [
    "3", "-1", "0", "99999999999999999999", "1.5", "inf", "nan", "true", "null", "[]", "{}", "[" * 1000,
    '"a"', "original", "seed", "/dev/zero", "/etc/passwd", "/nonexistent", "\x00", "²", "",
]  # fmt: skip


@fuzz(60)
@given(data=st.data())
def test_simulate_and_arena_options(tmp_path_factory: pytest.TempPathFactory, data: st.DataObject) -> None:
    game = data.draw(st.sampled_from(["stiche-raten", "wizard", "24", "stich-fuer-stich", "was-sticht"]))
    options: list[str] = []
    for _ in range(data.draw(st.integers(1, 2), label="options")):
        key = data.draw(st.sampled_from(OPTION_KEYS), label="key")
        value = data.draw(st.sampled_from(OPTION_VALUES) | st.text(max_size=5), label="value")
        options += ["-o", f"{key}={value}"]
    if data.draw(st.booleans(), label="arena"):
        args = [
            "arena",
            game,
            "--players",
            "3",
            "--bots",
            "random,heuristic,random",
            "--rounds",
            "1",
            *options,
        ]
    else:
        out = tmp_path_factory.mktemp("simulate") / "r.json"
        args = ["simulate", game, "--players", "3", "--seed", "1", *options, "--out", str(out)]
    result = invoke(args)
    event(f"{args[0]} -o: exit {result.exit_code}")


# -- stich serve: the API with damaged bodies and entries ----------------------------------------


@fuzz(15)
@given(data=st.data())
def test_serve_entries_and_bodies(tmp_path_factory: pytest.TempPathFactory, data: st.DataObject) -> None:
    """Entries through POST /api/entry, damaged as the piped ones, and bodies that are not the
    contract's: every answer is JSON with ``accepted``, or a 4xx; a refusal leaves the journal."""
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    from starlette.testclient import TestClient

    from stich.hints.live import LiveGame
    from stich.serve.app import Table, create_app

    index, lines = any_of(data, live_seeds(), "game")
    game_id, players, options = LIVE_GAMES[index]
    journal = tmp_path_factory.mktemp("serve") / "journal.json"
    names = NAMES[:players]
    with time_limit(SECONDS):
        live = LiveGame.new(game_id, names, names[index % players], None, dict(options), journal)
        client = TestClient(
            create_app(Table(live, advice=False), "t" * 20), headers={"X-Stich-Token": "t" * 20}
        )
        for entry in damaged_lines(data, lines)[:25]:
            before = journal.read_bytes()
            how = data.draw(st.sampled_from(["entry"] * 6 + ["raw", "other type", "extra"]), label="body")
            body: Any = {"entry": entry}
            if how == "other type":
                body = {"entry": data.draw(json_values, label="value")}
            elif how == "extra":
                body = {"entry": entry, "x": 1}
            # As a client may send it: JSON with escapes (a lone surrogate, Infinity), or raw text.
            text = entry if how == "raw" else json.dumps(body)
            raw = text.encode("utf-8", "surrogatepass")
            answer = client.post("/api/entry", content=raw, headers={"Content-Type": "application/json"})
            assert answer.status_code < 500, f"{entry!r}: {answer.status_code} {answer.text[:300]}"
            if answer.status_code == 200:
                reply = answer.json()
                assert isinstance(reply["accepted"], bool) and isinstance(reply["message"], str)
                if not reply["accepted"]:
                    assert journal.read_bytes() == before, f"{entry!r} was refused but changed the journal"
            else:
                assert journal.read_bytes() == before
        state = client.get("/api/state")
        assert state.status_code == 200
        json.dumps(state.json())
    check_journal(journal)
