"""stich live as a player meets it: entries piped in as a script, and a real pseudo-terminal."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pexpect

from stich.games.match import play_match
from tests.hints.table_script import round_lines

STICH = [str(Path(sys.executable).with_name("stich"))]
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\r")


def _run(args: list[str], text: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*STICH, *args], input=text, capture_output=True, text=True, timeout=300)


def test_a_piped_two_round_stiche_raten_game_ends_with_the_right_scores(tmp_path: Path) -> None:
    options = {"sequence": "constant", "first_round": 5, "rounds": 2}
    match = play_match("stiche-raten", 4, seed=5, options=options)
    lines = [line for record in match.rounds for line in round_lines(record, 1)]
    journal = tmp_path / "game.json"
    args = ["live", "stiche-raten", "--players", "Anna,Ben,Carla,Dan", "--me", "ben", "--dealer", "Dan"]
    args += ["-o", "sequence=constant", "-o", "first_round=5", "-o", "rounds=2", "--no-advice"]
    done = _run([*args, "--journal", str(journal)], "\n".join(lines) + "\n")
    assert done.returncode == 0, done.stderr
    assert "refused" not in done.stdout
    data = json.loads(journal.read_text())
    # stich check reads the journal as a whole game: every round replayed by the rules.
    checked = subprocess.run([*STICH, "check", str(journal), "--json"], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    report = json.loads(checked.stdout)
    assert report["ok"] and report["complete"] and report["format"] == "stich-match/1"
    # The scores by the rulebook's formula (a hit: 10 + the tricks; a miss: the tricks), from the
    # bids and the trick winners the rules engine found in each round.
    totals = [0, 0, 0, 0]
    for raw, round_report in zip(data["rounds"], report["rounds"], strict=True):
        assert round_report["complete"]
        won = [sum(1 for t in round_report["tricks"] if t["winner"] == s) for s in range(4)]
        bids = [e["bid"] for e in raw["events"] if "bid" in e]
        order = [(raw["dealer"] + 1 + k) % 4 for k in range(4)]
        for seat, bid in zip(order, bids, strict=True):
            totals[seat] += 10 + won[seat] if bid == won[seat] else won[seat]
    assert totals == data["totals"] == report["totals"] == match.totals
    named = ", ".join(f"{n} {t}" for n, t in zip(match.players, totals, strict=True))
    assert f"totals: {named}" in done.stdout
    winner = match.players[totals.index(max(totals))]
    assert done.stdout.rstrip().endswith(f"the game is over; winner: {winner}")


CARD_CODE = re.compile(r"\b[2-9TJQKA][SHDC]\b")  # a French card as records write it: KC, TH


def _stiche_raten_round(tmp_path: Path, *extra: str) -> list[str]:
    """The lines `stich live` prints for a whole Stiche-Raten round (the echoed entries left out)."""
    options = {"sequence": "constant", "first_round": 5, "rounds": 1}
    record = play_match("stiche-raten", 4, seed=5, options=options).rounds[0]
    args = ["live", "stiche-raten", "--players", "Anna,Ben,Carla,Dan", "--me", "ben", "--dealer", "Dan"]
    args += ["-o", "sequence=constant", "-o", "first_round=5", "-o", "rounds=1", "--no-advice", *extra]
    done = _run([*args, "--journal", str(tmp_path / "j.json")], "\n".join(round_lines(record, 1)) + "\n")
    assert done.returncode == 0, done.stderr
    return [line for line in done.stdout.splitlines() if not line.startswith("> ")]


def test_live_news_lines_write_cards_as_the_game_does(tmp_path: Path) -> None:
    lines = _stiche_raten_round(tmp_path)
    tricks = [line for line in lines if line.startswith("trick ")]
    assert len(tricks) == 5 and all(re.search(r"(10|[2-9JQKA])[♠♥♦♣]", t) for t in tricks), lines
    assert [line for line in lines if CARD_CODE.search(line)] == []
    assert lines[0].startswith("Stiche-Raten (Oh Hell!): ")


def test_live_ascii_writes_cards_as_they_are_typed(tmp_path: Path) -> None:
    lines = _stiche_raten_round(tmp_path, "--ascii")
    tricks = [line for line in lines if line.startswith("trick ")]
    assert len(tricks) == 5 and all(CARD_CODE.search(t) for t in tricks), lines
    assert not any(re.search("[♠♥♦♣]", line) for line in lines)


def test_a_piped_entry_that_is_refused_says_why_in_one_line(tmp_path: Path) -> None:
    args = ["live", "stiche-raten", "--players", "Anna,Ben,Carla", "--me", "Ben", "--no-advice"]
    done = _run([*args, "--journal", str(tmp_path / "j.json")], "hand AS KS\nplay AS\nquit\n")
    assert done.returncode == 0
    refused = [line for line in done.stdout.splitlines() if line.startswith("refused:")]
    assert refused == [
        "refused: play: the round has not begun: enter your cards first (hand, turn, layout, secret)"
    ]


def test_show_prints_the_round_as_players_read_it(tmp_path: Path) -> None:
    args = ["live", "stich-fuer-stich", "--players", "Anna,Ben,Carla", "--me", "Ben", "--dealer", "Anna"]
    entries = (
        "hand H9 H12 G7 G11 G12 M1 M2\nG11\nG6\nI13\nwinner Carla\nguess hairdresser statue false\nshow\n"
    )
    done = _run([*args, "--no-advice", "--journal", str(tmp_path / "j.json")], entries)
    assert done.returncode == 0, done.stderr
    shown = done.stdout[done.stdout.index("> show") :]
    # The trick table and each sleuth's state in words (stich check's), not Python values.
    assert re.search(r"1\s+Ben\s+I13\s+G11\s+G6\s+Carla", shown)
    assert re.search(r"Ben\s+0\s+not yet", shown) and "None" not in shown and "solved_at" not in shown


def test_bad_arguments_are_one_line(tmp_path: Path) -> None:
    done = _run(["live", "stiche-raten", "--players", "Anna,Ben,Carla", "--me", "Zoe"], "")
    assert done.returncode == 1
    assert done.stderr.strip().startswith("stich: error: --me 'Zoe' is not one of the players")
    done = _run(["live", "--resume", str(tmp_path / "missing.json")], "")
    assert done.returncode == 1 and done.stderr.count("\n") == 1


# -- a real pseudo-terminal ----------------------------------------------------------------


def _spawn(args: list[str], tmp_path: Path) -> pexpect.spawn:
    env = {**os.environ, "TERM": "xterm", "COLUMNS": "120", "LINES": "50", "PROMPT_TOOLKIT_NO_CPR": "1"}
    child = pexpect.spawn(STICH[0], args, env=env, cwd=str(tmp_path), encoding="utf-8", timeout=60)
    child.setwinsize(50, 120)
    return child


def _prompt(child: pexpect.spawn) -> str:
    """Wait for the next prompt (prompt_toolkit turns bracketed paste on as each prompt begins);
    the screen text printed before it, without colours."""
    child.expect_exact("\x1b[?2004h")
    return ANSI.sub("", child.before or "")


def _enter(child: pexpect.spawn, line: str) -> str:
    child.sendline(line)
    return _prompt(child)


def _was_sticht(seed: int = 4) -> tuple[list[str], list[str], str]:
    match = play_match("was-sticht", 4, seed=seed)
    record = match.rounds[0]
    chips = "chips " + " ".join(record.known["chips"]["1"])
    return match.players, [chips, *round_lines(record, 1)], match.players[record.dealer]


def test_a_was_sticht_draft_at_a_terminal_typo_undo_completion_kill_and_resume(tmp_path: Path) -> None:
    players, lines, dealer = _was_sticht()
    journal = tmp_path / "was.json"
    args = ["live", "was-sticht", "--players", ",".join(players), "--me", "Ben", "--dealer", dealer]
    child = _spawn([*args, "--journal", str(journal), "--no-advice"], tmp_path)
    _prompt(child)
    layout = [line for line in lines if line.startswith("layout")]
    rest = [line for line in lines if not line.startswith("layout")]
    _enter(child, rest[0])  # the chips
    for i, line in enumerate(layout):
        screen = _enter(child, line.removeprefix("layout ") if i else line)  # a prompt per column
    assert "round 1 begins" in screen and "your turn (draft)" in screen  # Ben holds the marker
    # Tab completion offers the cards of the first column, and nothing else.
    column = layout[0].split()[1:]
    child.send("pick \t")
    child.expect(pexpect.TIMEOUT, timeout=2)  # whatever the completion menu shows
    offered = set(re.findall(r"[RGYB][1-9]", ANSI.sub("", child.before)))
    assert offered == set(column)
    child.send("\x15")  # clear the line
    tasks = next(i for i, line in enumerate(rest) if ": task" in line)
    picks = [line for line in rest[1:tasks]]
    # A typo is refused and changes nothing.
    screen = _enter(child, "pikc R1")
    assert "refused: unknown entry 'pikc'" in screen
    # Half of the draft with its announcements; an entry taken back and entered again.
    half = len(picks) // 2
    for line in picks[:half]:
        screen = _enter(child, line)
        assert "refused" not in screen, line
    screen = _enter(child, "undo")
    assert "undone:" in screen
    screen = _enter(child, picks[half - 1])
    assert "refused" not in screen
    show = _enter(child, "show")
    assert "trumps:" in show or "possible" in show
    data = json.loads(journal.read_text())
    session_round = data["rounds"][0]
    assert len(session_round["events"]) == half
    # The process dies hard mid-round; the journal holds every accepted entry.
    child.kill(signal.SIGKILL)
    child.wait()
    child = _spawn(["live", "--resume", str(journal), "--no-advice"], tmp_path)
    _prompt(child)
    again = _enter(child, "show")
    assert _lines(again)[1:] == _lines(show)[1:]
    for line in picks[half:] + rest[tasks : tasks + 3]:
        screen = _enter(child, line)
        assert "refused" not in screen, line
    child.sendline("quit")
    child.expect(pexpect.EOF)
    data = json.loads(journal.read_text())
    assert len(data["rounds"][0]["events"]) == len(picks) + 3


def _lines(screen: str) -> list[str]:
    return [line.rstrip() for line in screen.splitlines() if line.strip()]


def test_advice_at_a_terminal_comes_from_the_worker_while_the_prompt_is_free(tmp_path: Path) -> None:
    args = ["live", "stiche-raten", "--players", "Anna,Ben,Carla", "--me", "Ben", "--dealer", "Anna"]
    child = _spawn([*args, "--journal", str(tmp_path / "j.json"), "--worlds", "5"], tmp_path)
    _prompt(child)
    _enter(child, "hand AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AH KH QH JH")
    child.sendline("turn 2H")
    child.expect_exact("your turn (bid)")
    child.expect_exact("thinking (5 worlds)…")
    child.expect(r"Ben(\x1b\[[0-9;]*m)* to bid")  # above the prompt if it is back
    child.expect_exact("→")
    child.sendline("bid 13")
    child.expect_exact("Carla to move (bid)")
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_objective_win_at_a_terminal_ranks_by_the_chance_to_win_beside_the_points(tmp_path: Path) -> None:
    # The worker's session carries the game's standings: the table ranks by the chance to win and
    # shows the round's points beside it, as stich hint --objective win does.
    args = ["live", "stiche-raten", "--players", "Anna,Ben,Carla", "--me", "Ben", "--dealer", "Anna"]
    child = _spawn(
        [*args, "--journal", str(tmp_path / "j.json"), "--worlds", "5", "--objective", "win"], tmp_path
    )
    _prompt(child)
    _enter(child, "hand AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AH KH QH JH")
    child.sendline("turn 2H")
    child.expect(r"Ben(\x1b\[[0-9;]*m)* to bid")
    child.expect_exact("chance to win")  # the ranked column's head, then the round's points
    child.expect_exact("points")
    child.expect_exact("→")
    child.expect_exact("your chance to win")
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_objective_win_in_a_game_without_a_chance_to_win_says_it_ranks_by_points(tmp_path: Path) -> None:
    args = ["live", "stich-fuer-stich", "--players", "Anna,Ben,Carla", "--me", "Ben", "--objective", "win"]
    done = _run([*args, "--journal", str(tmp_path / "j.json")], "quit\n")
    assert done.returncode == 0, done.stderr
    first = done.stdout.splitlines()[0]
    assert first.startswith("--objective win: stich-fuer-stich has no chance to win to rank by; ")
    assert first.endswith("advice ranks as --objective points does")


def test_objective_other_than_points_or_win_is_one_line(tmp_path: Path) -> None:
    args = ["live", "stiche-raten", "--players", "Anna,Ben,Carla", "--me", "Ben", "--objective", "best"]
    done = _run([*args, "--journal", str(tmp_path / "j.json")], "quit\n")
    assert done.returncode != 0
    assert done.stderr.strip() == "stich: error: --objective 'best': give points or win"
    assert not (tmp_path / "j.json").exists()


def _refused(stdout: str) -> list[str]:
    return [line for line in stdout.splitlines() if line.startswith("refused:")]


def test_live_piped_superscript_digits_are_one_refused_line_and_the_game_goes_on(tmp_path: Path) -> None:
    args = ["live", "stiche-raten", "--players", "Anna,Ben,Carla", "--me", "Ben", "--dealer", "Anna"]
    args += ["-o", "sequence=constant", "-o", "first_round=1", "--no-advice"]
    journal = tmp_path / "j.json"
    done = _run([*args, "--journal", str(journal)], "hand AS\nturn 2H\nbid ²\nbid \u0661\nbid 1\nquit\n")
    assert done.returncode == 0 and done.stderr == ""
    assert _refused(done.stdout) == [
        "refused: bid '²' is not a number of tricks (digits 0-9)",
        "refused: bid '\u0661' is not a number of tricks (digits 0-9)",
    ]
    events = json.loads(journal.read_text())["rounds"][0]["events"]
    assert events == [{"seat": 1, "bid": 1}]


def test_live_save_refuses_existing_file(tmp_path: Path) -> None:
    other = tmp_path / "other.json"
    other.write_text('{"format": "stich-match/1"}')
    args = ["live", "stiche-raten", "--players", "Anna,Ben,Carla", "--me", "Ben", "--no-advice"]
    entries = f"hand AS\nsave {other}\nsave {tmp_path}\nsave {tmp_path / 'copy.json'}\nquit\n"
    done = _run([*args, "--journal", str(tmp_path / "j.json")], entries)
    assert done.returncode == 0 and done.stderr == ""
    assert _refused(done.stdout) == [
        f"refused: save: {other} already exists: give a new file name (nothing was replaced)",
        f"refused: save: {tmp_path} exists and is not a regular file: choose another name",
    ]
    assert other.read_text() == '{"format": "stich-match/1"}'
    assert json.loads((tmp_path / "copy.json").read_text()) == json.loads((tmp_path / "j.json").read_text())
    assert f"saved to {tmp_path / 'copy.json'}" in done.stdout


def test_refused_entry_does_not_reprint_advice(tmp_path: Path) -> None:
    args = ["live", "stiche-raten", "--players", "Anna,Ben,Carla", "--me", "Ben", "--dealer", "Anna"]
    args += ["-o", "sequence=constant", "-o", "first_round=2", "--worlds", "2"]
    done = _run([*args, "--journal", str(tmp_path / "j.json")], "hand AS KS\nturn 2H\nbid x\nsh\nbid 2\n")
    assert done.returncode == 0, done.stderr
    after = done.stdout.split("> turn 2H", 1)[1]
    # Advice once, when Ben's bid comes up; neither the refusal nor `show` brings it back.
    assert after.count("thinking (2 worlds)") == 1
    refusal = after.split("> bid x\n", 1)[1].split("\n> ", 1)[0]
    assert refusal == "refused: bid 'x' is not a number of tricks (digits 0-9)"


def test_live_save_at_a_terminal_asks_before_replacing_a_file(tmp_path: Path) -> None:
    other = tmp_path / "other.json"
    other.write_text("keep me")
    args = ["live", "stiche-raten", "--players", "Anna,Ben,Carla", "--me", "Ben", "--no-advice"]
    child = _spawn([*args, "--journal", str(tmp_path / "j.json")], tmp_path)
    _prompt(child)
    child.sendline("save other.json")
    child.expect_exact("other.json already exists: replace it? [y/N]")
    screen = _enter(child, "n")
    assert "refused: save: other.json already exists" in screen
    assert other.read_text() == "keep me"
    child.sendline("save other.json")
    child.expect_exact("replace it? [y/N]")
    screen = _enter(child, "y")
    assert "saved to other.json" in screen
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert json.loads(other.read_text()) == json.loads((tmp_path / "j.json").read_text())


def test_check_unfinished_was_sticht_game_is_not_complete(tmp_path: Path) -> None:
    match = play_match("was-sticht", 3, seed=9)
    record = match.rounds[0]
    lines = ["chips " + " ".join(record.known["chips"]["1"]), *round_lines(record, 1)]
    journal = tmp_path / "ws.json"
    args = ["live", "was-sticht", "--players", ",".join(match.players), "--me", match.players[1]]
    args += ["--dealer", match.players[record.dealer], "--no-advice", "--journal", str(journal)]
    done = _run(args, "\n".join(lines) + "\n")
    assert done.returncode == 0 and "refused" not in done.stdout, done.stdout
    assert "round 1 over" in done.stdout and "the game is over" not in done.stdout
    checked = subprocess.run([*STICH, "check", str(journal), "--json"], capture_output=True, text=True)
    report = json.loads(checked.stdout)
    assert checked.returncode == 0 and report["ok"] and report["rounds"][0]["complete"]
    assert not report["complete"] and report["next"] == "round 2"
    text = subprocess.run([*STICH, "check", str(journal)], capture_output=True, text=True).stdout
    assert "a game of 1 round, 3 players, not over (round 2 comes next)" in text
    assert "complete" not in text.splitlines()[1]


def test_resume_finished_game_says_over(tmp_path: Path) -> None:
    options = {"sequence": "constant", "first_round": 2, "rounds": 3}
    match = play_match("stiche-raten", 3, seed=4, options=options)
    lines = [line for record in match.rounds for line in round_lines(record, 1)]
    journal = tmp_path / "game.json"
    args = ["live", "stiche-raten", "--players", ",".join(match.players), "--me", match.players[1]]
    args += ["--dealer", match.players[match.rounds[0].dealer], "--no-advice", "--journal", str(journal)]
    args += ["-o", "sequence=constant", "-o", "first_round=2", "-o", "rounds=3"]
    done = _run(args, "\n".join(lines) + "\n")
    assert done.returncode == 0 and "the game is over" in done.stdout, done.stdout
    resumed = _run(["live", "--resume", str(journal)], "play AS\nquit\n")
    assert resumed.returncode == 0, resumed.stderr
    head = resumed.stdout.splitlines()[:3]
    totals = ", ".join(f"{n} {t}" for n, t in zip(match.players, match.totals, strict=True))
    winners = " and ".join(match.players[s] for s in match.standing["winners"])
    title = f"Stiche-Raten (Oh Hell!): {', '.join(match.players)}; you are {match.players[1]}"
    assert head == [
        f"{title}; the game is over after 3 rounds",
        f"totals: {totals}",
        f"the game is over; winner: {winners}",
    ]
    assert "round 4" not in resumed.stdout and "deals" not in resumed.stdout
    assert _refused(resumed.stdout) == ["refused: the game is over: undo, show, save or quit"]


def test_live_players_name_with_control_character_is_refused(tmp_path: Path) -> None:
    journal = tmp_path / "j.json"
    for players, said in [
        ("Anna,Ben\tBen,Carla", "--players: players/1: the name 'Ben\\tBen' holds a control character"),
        ("Anna,Be\u2028n,Carla", "--players: players/1: the name 'Be\\u2028n' holds a control character"),
        (f"Anna,Ben,{'C' * 41}", "--players: players/2: a player's name has at most 40 characters"),
        ("Anna,Ben,,Carla", "--players: players/2: a player's name needs a visible character"),
        ("Anna,Ben,ANNA", "--players: players 0 and 2 are both called 'Anna'"),
    ]:
        args = ["live", "stiche-raten", "--players", players, "--me", "Ben", "--journal", str(journal)]
        done = _run(args, "")
        assert done.returncode == 1 and done.stdout == ""
        assert done.stderr.startswith(f"stich: error: {said}") and done.stderr.count("\n") == 1, done.stderr
        assert not journal.exists()


def test_refused_entry_at_a_terminal_does_not_ask_for_advice_again(tmp_path: Path) -> None:
    args = ["live", "stiche-raten", "--players", "Anna,Ben,Carla", "--me", "Ben", "--dealer", "Anna"]
    args += ["-o", "sequence=constant", "-o", "first_round=2"]
    child = _spawn([*args, "--journal", str(tmp_path / "j.json"), "--worlds", "2"], tmp_path)
    _prompt(child)
    _enter(child, "hand AS KS")
    child.sendline("turn 2H")
    child.expect_exact("your turn (bid)")
    child.expect_exact("→")  # the advice, once
    screen = _enter(child, "bid ²")
    while "refused" not in screen:  # the advice may have been printed above the earlier prompt
        screen = _prompt(child)
    assert "refused: bid '²' is not a number of tricks (digits 0-9)" in screen
    assert "thinking" not in screen.split("refused:")[-1]
    child.sendline("bid 2")
    child.expect_exact("Carla to move (bid)")
    after = ANSI.sub("", child.before or "")
    assert "thinking" not in after.split("bid '²'")[-1] and "→" not in after.split("bid '²'")[-1]
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_live_huge_or_control_character_entries_are_one_short_refused_line(tmp_path: Path) -> None:
    args = ["live", "stiche-raten", "--players", "Anna,Ben,Carla", "--me", "Ben", "--no-advice"]
    entries = "x" * 100_000 + "\nbid \x01\x1b[31m\nhand AS\nquit\n"
    done = _run([*args, "--journal", str(tmp_path / "j.json")], entries)
    assert done.returncode == 0 and done.stderr == ""
    refused = _refused(done.stdout)
    assert len(refused) == 2 and all(len(line) < 200 for line in refused)
    assert "\x1b" not in done.stdout and "\x01" not in done.stdout and "> bid \\x01\\x1b[31m" in done.stdout
    assert json.loads((tmp_path / "j.json").read_text())["live"]["known"]["hands"] == {"1": ["AS"]}
