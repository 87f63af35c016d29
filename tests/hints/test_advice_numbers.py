"""One number, one meaning: the table, the JSON and the reason sentence quote the same figures,
chances stay within [0, 1], and "clearly best" needs a difference that is both significant and
big enough to matter (hints/figures.py, docs/advice.md)."""

from __future__ import annotations

import functools
import io
import math
import random
import re
import statistics
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console

from stich.games.record import Record, simulate
from stich.hints.advice import Advice, Alternative, Budget, Tally, advise
from stich.hints.analysis import choice_key
from stich.hints.analysis.truth import verdict_of
from stich.hints.figures import (
    CHANCE,
    FIGURE_KINDS,
    POINTS,
    STRENGTH,
    TURNED,
    VALUE_KINDS,
    clearly_ahead,
    clearly_ahead_exact,
    figure_kind,
    matters,
    read,
    shown,
    shown_error,
    t95,
    value_kind,
)
from stich.hints.session import Session
from tests.deducer import simulate_deal

# Every game and variant: (name, the round, how many of the last events to advise at when they are
# plays (0: all); every other decision is advised anywhere). Stich für Stich's early plays take a
# full hand's worlds, seconds to minutes each: only its last plays are advised.
CASES: list[tuple[str, Callable[[int], Record], int]] = [
    ("oh-hell", lambda seed: simulate("stiche-raten", 4, seed, {"first_round": 3}), 0),
    (
        "oh-hell-minus",
        lambda seed: simulate("stiche-raten", 3, seed, {"first_round": 4, "scoring": "minus"}),
        0,
    ),
    (
        "oh-hell-strict-simultaneous",
        lambda seed: simulate(
            "stiche-raten", 4, seed, {"first_round": 3, "scoring": "strict", "bidding": "simultaneous"}
        ),
        0,
    ),
    (
        "oh-hell-blind",
        lambda seed: simulate("stiche-raten", 4, seed, {"first_round": 3, "blind_round": 1}),
        0,
    ),
    (
        "oh-hell-no-bids",
        lambda seed: simulate(
            "stiche-raten", 4, seed, {"first_round": 3, "bidding": "none", "trump": "named"}
        ),
        0,
    ),
    ("wizard", lambda seed: simulate_deal("wizard", 4, seed, {"edition": "original"}, cards=3), 0),
    ("wizard-rulebook", lambda seed: simulate_deal("wizard", 3, seed, {"restriction": True}, cards=3), 0),
    ("was-sticht", lambda seed: simulate("was-sticht", 4, seed), 16),
    ("was-sticht-3", lambda seed: simulate("was-sticht", 3, seed), 12),
    ("24", lambda seed: simulate("24", 3, seed), 0),
    (
        "24-chaos-dropping",
        lambda seed: simulate("24", 4, seed, {"trump_chaos": True, "dropping_out": True}),
        0,
    ),
    ("stich-fuer-stich", lambda seed: simulate("stich-fuer-stich", 3, seed), 10),
]
CASE_NAMES = [c[0] for c in CASES]


PATIENT = 60.0
"""Seconds that set the wall limit of a budget of worlds (ten times this): every world is solved
however loaded the machine, so that no figure is left unsolved (NaN) by the clock."""


@functools.cache
def _record(case: int, seed: int) -> Record:
    return CASES[case][1](seed)


@functools.cache
def _cuts(case: int, seed: int) -> list[int]:
    """The events of a round to advise before (plays only among the case's last ones)."""
    record = _record(case, seed)
    late = CASES[case][2]
    first = len(record.events) - late if late else 0
    return [i for i, e in enumerate(record.events) if "play" not in e or i >= first]


@functools.cache
def _advice_at(case: int, seed: int, pick: int) -> Advice:
    """Advice (2 worlds) at one decision of a round: the ``pick``-th event it may stop before,
    counted round the list."""
    record = _record(case, seed)
    cuts = _cuts(case, seed)
    cut = cuts[pick % len(cuts)]
    head = replace(record, events=record.events[:cut])
    probe = Session.from_record(head, 0)
    mover = probe.to_move()
    assert mover is not None
    session = probe if mover == 0 else Session.from_record(head, mover)
    return advise(session, Budget(worlds=2, seed=cut, seconds=PATIENT))


# A figure quoted in a sentence: a percentage, a decimal or a signed number standing alone (not
# part of a word such as a card "10H" or a task "exactly-3"). Whole numbers without a sign are
# counts (worlds, bids, tricks, chips), not figures, and are left alone.
_NUMBER = re.compile(r"(?<![\w.+-])([-+]?\d+(?:\.\d+)?)(%?)(?!\w|\.\d)")


def _label_spans(reason: str, alternatives: tuple[Alternative, ...]) -> list[tuple[int, int, int]]:
    """Where the reason names an alternative: (start, end, index), longest labels first."""
    spans: list[tuple[int, int, int]] = []
    by_length = sorted(range(len(alternatives)), key=lambda i: -len(alternatives[i].label))
    for i in by_length:
        pattern = re.compile(r"(?<![\w-])" + re.escape(alternatives[i].label) + r"(?![\w-])")
        for found in pattern.finditer(reason):
            if all(found.end() <= s or found.start() >= e for s, e, _ in spans):
                spans.append((found.start(), found.end(), i))
    return sorted(spans)


def lead_quoted(advice: Advice) -> tuple[int, int] | None:
    """Where the reason gives the best's lead over the second (`hints.valuation.lead_text`), which
    it must where the best is clearly ahead; its figures checked against the lead's own (the
    paired difference, signed, and its error as the table writes the kind; the worlds). None
    where the best is not clearly ahead."""
    lead = advice.lead
    if not advice.separated or lead is None:
        return None
    kind = value_kind(advice.value_name) if lead.figure == "value" else figure_kind(lead.figure)
    where = rf" in the same {advice.worlds} worlds?" if advice.worlds else ", exact"
    pattern = (
        re.escape(f"{advice.best.label}: ")
        + r"(?:your score )?(?P<diff>[-+]?[\d.]+%?)(?: ± (?P<err>[\d.]+%?))?"
        + r"[a-z ]*? (?P<how>over|lower than with) "
        + re.escape(lead.label)
        + where
    )
    found = re.search(pattern, advice.reason)
    assert found, f"{advice.reason!r} does not give the lead over {lead.label} ({lead})"
    turned = lead.figure == "value" and advice.value_name in TURNED
    assert found["how"] == ("lower than with" if turned else "over"), advice.reason
    assert _same(found["diff"], shown(kind, lead.difference)), (advice.reason, lead)
    assert turned or found["diff"][0] in "+0", (advice.reason, lead)  # ahead: a plus sign
    assert (found["err"] is None) == (advice.worlds == 0), advice.reason
    if found["err"] is not None:
        assert _same(found["err"], shown_error(kind, lead.stderr)), (advice.reason, lead)
    return found.start(), found.end()


def quoted_figures(advice: Advice) -> list[tuple[str, Alternative]]:
    """Each figure the reason quotes, with the alternative it is quoted for: the one the
    sentence named last before it (the best when none was named yet). The lead over the second
    (`lead_quoted`) is checked apart."""
    spans = _label_spans(advice.reason, advice.alternatives)
    lead = lead_quoted(advice)
    if lead is not None:  # its own figures, checked there: not the figures of a choice
        spans = sorted([s for s in spans if s[1] <= lead[0] or s[0] >= lead[1]] + [(*lead, 0)])
    masked = list(advice.reason)
    for start, end, _ in spans:
        masked[start:end] = "#" * (end - start)
    text = "".join(masked)
    quoted = []
    for found in _NUMBER.finditer(text):
        number, percent = found.group(1), found.group(2)
        if not percent and "." not in number and number[0] not in "+-":
            continue
        before = [i for start, _, i in spans if start < found.start()]
        quoted.append((number + percent, advice.alternatives[before[-1] if before else 0]))
    return quoted


def _figures_shown(advice: Advice, alternative: Alternative) -> list[str]:
    """Every figure of an alternative as the table writes it (a value read the other way round,
    24's, as the player reads it, `hints.figures.read`)."""
    written = [shown(advice.kind, read(advice.value_name, alternative.value))]
    written += [shown(figure_kind(name), v) for name, v in alternative.figures.items()]
    return written


def _same(quoted: str, written: str) -> bool:
    """The same number, sign and rounding ("+0.09" and "0.09" are the same; "-0.1" is not)."""
    if quoted.endswith("%") != written.endswith("%"):
        return False
    try:
        return float(quoted.rstrip("%")) == float(written.rstrip("%"))
    except ValueError:
        return False


def check_reason_quotes_figures(advice: Advice) -> None:
    for quoted, alternative in quoted_figures(advice):
        written = _figures_shown(advice, alternative)
        assert any(_same(quoted, w) for w in written), (
            f"{advice.reason!r} quotes {quoted} for {alternative.label}, whose figures read {written}"
        )


def check_chances(advice: Advice) -> None:
    assert advice.value_name in VALUE_KINDS, f"{advice.value_name!r} has no kind in hints/figures.py"
    for alternative in advice.alternatives:
        if advice.kind.chance:
            assert 0.0 <= alternative.value <= 1.0, (advice.value_name, alternative)
        for name, v in alternative.figures.items():
            assert name in FIGURE_KINDS, f"the figure {name!r} has no kind in hints/figures.py"
            if figure_kind(name).chance:
                assert 0.0 <= v <= 1.0, (name, alternative)


def check_separated(advice: Advice) -> None:
    """ "Clearly best" only by a difference that matters: in the value, or (exact figures, the
    values equal) in a figure that ranks ties."""
    if not advice.separated or len(advice.alternatives) < 2:
        return
    best, second = advice.alternatives[:2]
    gap = best.value - second.value
    if advice.worlds == 0 and abs(gap) < 1e-12:
        ties = [matters(figure_kind(n), best.figures[n] - second.figures.get(n, 0.0)) for n in best.figures]
        assert any(ties), (advice.reason, best, second)
    else:
        assert matters(advice.kind, gap), (advice.reason, best, second)


@settings(
    derandomize=True,
    max_examples=80,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(case=st.sampled_from(range(len(CASES))), seed=st.integers(1, 3), pick=st.integers(0, 90))
def test_reason_quotes_best_alternative_figures(case: int, seed: int, pick: int) -> None:
    advice = _advice_at(case, seed, pick)
    check_reason_quotes_figures(advice)
    check_chances(advice)
    check_separated(advice)


def _one_of_each(case: int, seed: int) -> list[int]:
    """Picks of `_advice_at` for the first decision of each kind in the round (bid, play, task...)."""
    record = _record(case, seed)
    first: dict[str, int] = {}
    for pick, cut in enumerate(_cuts(case, seed)):
        kind = next(k for k in record.events[cut] if k != "seat")
        first.setdefault(kind, pick)
    return sorted(first.values())


@pytest.mark.parametrize("case", range(len(CASES)), ids=CASE_NAMES)
def test_probability_figures_are_within_unit_interval(case: int) -> None:
    # Every kind of decision of the game and variant, each once, besides the property test's draws.
    decisions = set()
    for seed in (1, 2):
        for pick in _one_of_each(case, seed):
            advice = _advice_at(case, seed, pick)
            decisions.add(advice.decision)
            check_chances(advice)
            check_reason_quotes_figures(advice)
            check_separated(advice)
    assert decisions


def test_the_parser_catches_a_figure_the_table_does_not_show() -> None:
    # The check above must be able to fail: a sentence quoting another rounding or sign.
    best = Alternative({"seat": 0, "play": "Y3"}, "Y3", 0.0912, 0.01, {"p_hit": 0.72})
    other = Alternative({"seat": 0, "play": "B4"}, "B4", -0.35, 0.01, {"p_hit": 0.5})
    good = _plain_advice((best, other), "Y3: 0.09 points, hit in 72%; B4 -0.35, 50%")
    check_reason_quotes_figures(good)
    for reason in ("Y3: -0.1 points", "Y3: 0.1 points", "hit in 73%", "B4 +0.3"):
        with pytest.raises(AssertionError):
            check_reason_quotes_figures(_plain_advice((best, other), reason))


def _plain_advice(alternatives: tuple[Alternative, ...], reason: str, value_name: str = "points") -> Advice:
    return Advice(0, "play", alternatives[0].action, alternatives, 8, False, reason, "", 0.0, value_name)


def _tally(best: list[float], second: list[float]) -> Tally:
    tally = Tally(2)
    for a, b in zip(best, second, strict=True):
        tally.add([a, b])
    return tally


def test_separated_needs_significance_and_smallest_difference() -> None:
    rng = random.Random(3)
    base = [1.3 + rng.uniform(-0.5, 0.5) for _ in range(8)]
    # Significant over 8 worlds but a few thousandths of a point: not clearly best.
    tiny = _tally(base, [b - 0.0055 + rng.uniform(-0.0005, 0.0005) for b in base])
    assert not tiny.separated(0, 1, POINTS)
    # Half a point on average, but the worlds disagree: not significant.
    noisy = _tally([3.0, -2.0] * 4, [0.0] * 8)
    assert noisy.mean(0) == pytest.approx(0.5) and not noisy.separated(0, 1, POINTS)
    # Half a point, and every world agrees within a little: clearly best.
    steady = _tally([b + 0.5 + rng.uniform(-0.05, 0.05) for b in base], base)
    assert steady.separated(0, 1, POINTS)
    # The same difference in every world: the sign test needs six worlds.
    assert not _tally([1.0] * 5, [0.0] * 5).separated(0, 1, POINTS)
    assert _tally([1.0] * 6, [0.0] * 6).separated(0, 1, POINTS)
    # A chance: a point and a half of a chance is below the two points that matter.
    assert not clearly_ahead(CHANCE, [0.015] * 40)
    assert clearly_ahead(CHANCE, [0.025] * 40)
    # Exact figures (nothing sampled) need only the smallest difference.
    assert not clearly_ahead_exact(STRENGTH, 0.015) and clearly_ahead_exact(STRENGTH, 0.021)


def test_t95_is_students_t() -> None:
    stats = pytest.importorskip("scipy.stats")
    for df in (1, 2, 7, 30, 31, 45, 100, 1000):
        assert t95(df) == pytest.approx(stats.t.ppf(0.975, df), abs=1e-3)


def test_analysis_no_verdict_below_smallest_difference() -> None:
    alternatives = tuple(
        Alternative({"seat": 0, "play": card}, card, v, 0.001) for card, v in (("A", 1.3684), ("B", 1.3629))
    )
    advice = replace(_plain_advice(alternatives, ""), separated=True, value_name="expected points")
    a, b = (choice_key(x.action) for x in alternatives)
    # A cost of 0.0045 points in the true deal is no cost a player would notice.
    assert verdict_of(advice, a, 0.0045) == (True, "best")
    assert verdict_of(advice, b, 0.0045) == (False, "lucky")
    # A real cost, but the seat's own view had the two 0.0055 apart: unlucky, not a mistake.
    assert verdict_of(advice, b, 1.0) == (False, "unlucky")
    far = replace(advice, alternatives=(alternatives[0], replace(alternatives[1], value=0.5)))
    assert verdict_of(far, b, 1.0) == (False, "mistake")
    # A chance: half a point of a chance is below the two points that matter.
    chance = replace(advice, value_name="chance to solve now")
    assert verdict_of(chance, b, 0.005)[1] == "lucky" and verdict_of(chance, a, 0.05)[1] == "unlucky"


def _table(advice: Advice, names: list[str]) -> str:
    from stich.cli.hint import print_advice

    out = io.StringIO()
    print_advice(advice, names, Console(file=out, width=200, markup=False, highlight=False), symbols=False)
    return out.getvalue()


def test_24_sentence_table_and_json_give_the_same_score() -> None:
    # 24's value is minus the round's points (more is better, as every value); the player reads
    # the round's points, lower is better: the sentence, the table and the JSON's `score` give
    # that one number, with its sign (+: the score rises).
    seen = 0
    for seed in range(3):
        record = _record(CASE_NAMES.index("24"), seed)
        for cut in (0, 1, len(record.events) - 6, len(record.events) - 3):
            head = replace(record, events=record.events[:cut])
            probe = Session.from_record(head, 0)
            mover = probe.to_move()
            assert mover is not None
            session = Session.from_record(head, mover)
            advice = advise(session, Budget(worlds=3, seed=seed, seconds=PATIENT))
            best = advice.best
            score = -best.value
            quoted = re.match(
                rf"{re.escape(best.label)}: your score ([-+]?\d+\.\d+) this round, on average over "
                r"\d+ worlds? \(lower is better; ",
                advice.reason,
            )
            assert quoted, advice.reason
            written = quoted.group(1)
            assert float(written) == pytest.approx(score, abs=0.005)
            assert written[0] == ("+" if float(written) > 0 else "-" if float(written) < 0 else "0")
            assert advice.to_json()["alternatives"][0]["score"] == pytest.approx(score, abs=1e-4)
            table = _table(advice, session.names).splitlines()
            assert "your score (lower is better)" in table[1], table[1]
            row = next(line for line in table if "→" in line)
            assert written in row.split(), row
            check_reason_quotes_figures(advice)
            seen += 1
    assert seen == 12


def _separable_valuation(values: Callable[[int], list[float]], value_name: str = "expected points") -> Any:
    """A valuation of two bids whose world number i is worth ``values(i)``."""
    import itertools

    from stich.hints.advice import Valuation

    counter = itertools.count()
    return Valuation(
        "bid",
        [({"seat": 0, "bid": k}, f"bid {k}") for k in range(2)],
        lambda world: (values(world), None),
        lambda rng: next(counter),
        value_name,
        lambda alternatives, tally: f"{alternatives[0].label} is best",
    )


def _opening_session() -> Session:
    record = simulate("stiche-raten", 4, 1, {"first_round": 2})
    return Session.from_record(replace(record, events=[]), record.events[0]["seat"])


def test_clearly_best_reason_quotes_the_paired_difference() -> None:
    # bid 1 is worth 0.5 more in every world, give or take: the two ranges overlap (each choice's
    # own error is 0.3), but the paired difference is 0.5 ± 0.03, and the reason says so.
    rng = random.Random(4)
    base = [rng.uniform(-3, 3) for _ in range(40)]
    steps = [0.5 + rng.uniform(-0.2, 0.2) for _ in range(40)]
    advice = _separable_valuation(lambda i: [base[i], base[i] + steps[i]]).advise(
        _opening_session(), Budget(worlds=40, seed=1)
    )
    assert advice.separated and advice.best.label == "bid 1" and advice.lead is not None
    tally = Tally(2)
    for i in range(40):
        tally.add([base[i], base[i] + steps[i]])
    difference, stderr = tally.lead(1, 0)
    # The tally's own figures: the mean and the standard error of the per-world differences.
    diffs = tally.differences(1, 0)
    assert difference == pytest.approx(statistics.fmean(diffs))
    assert stderr == pytest.approx(statistics.stdev(diffs) / math.sqrt(40))
    assert (advice.lead.difference, advice.lead.stderr) == (difference, stderr)
    assert advice.lead.label == "bid 0" and advice.lead.over == {"seat": 0, "bid": 0}
    paired = f"+{shown(POINTS, difference)} ± {shown_error(POINTS, stderr)}"
    clause = f"bid 1: {paired} points over bid 0 in the same 40 worlds"
    assert advice.reason == f"bid 1 is best; {clause}"
    assert stderr < 0.05 < advice.best.stderr  # the paired error, not each choice's own
    assert advice.to_json()["lead"] == {
        "over": {"seat": 0, "bid": 0},
        "label": "bid 0",
        "difference": round(difference, 4),
        "stderr": round(stderr, 4),
        "figure": "value",
    }
    check_reason_quotes_figures(advice)
    table = _table(advice, ["Anna", "Ben", "Carla", "Dan"])
    assert clause in " ".join(table.split()) and f"{shown(POINTS, advice.best.value)} ± " in table


def test_not_clearly_ahead_says_no_lead_but_the_json_has_it() -> None:
    # The worlds disagree (+3 and -2 in turn): no "clearly best", no difference in the sentence;
    # the JSON still gives the paired difference, which tells why.
    advice = _separable_valuation(lambda i: [0.0, 3.0 if i % 2 else -2.0]).advise(
        _opening_session(), Budget(worlds=8, seed=1)
    )
    assert not advice.separated and advice.reason == "bid 1 is best"
    assert advice.to_json()["lead"]["difference"] == pytest.approx(0.5)
    assert "(not clearly ahead of the next choice)" in _table(advice, ["Anna", "Ben", "Carla", "Dan"])


def test_24_lead_reads_as_the_score() -> None:
    # In 24 the best lowers the score: the lead says by how much, as the table's score column reads.
    advice = _separable_valuation(lambda i: [2.0 + 0.5 * (i % 2), 1.0], "points off your score").advise(
        _opening_session(), Budget(worlds=10, seed=1)
    )
    assert advice.separated and advice.lead is not None
    assert advice.reason.endswith(
        "; bid 0: your score 1.25 ± 0.08 lower than with bid 1 in the same 10 worlds"
    )
    check_reason_quotes_figures(advice)


def test_exact_lead_is_the_exact_difference() -> None:
    # Nothing sampled: no ±, the difference itself; at an equal value, the figure that ranks them.
    from stich.hints.valuation import exact_verdict

    chips = [Alternative({"seat": 0, "discard": c}, c, v, 0.0) for c, v in (("4", 4.0), ("2", 2.0))]
    lead, separated, ahead = exact_verdict(chips, "chip value")
    assert separated and lead is not None and lead.difference == 2.0 and ahead == "; 4: +2 over 2, exact"
    tied = [
        Alternative({"seat": 0, "task": t}, t, 0.0, 0.0, {"no_single_spoiler": s})
        for t, s in (("lead-1", 0.5), ("win-2", 0.25))
    ]
    lead, separated, ahead = exact_verdict(tied, "forceable against everyone", ("no_single_spoiler",))
    assert separated and lead is not None and lead.figure == "no_single_spoiler"
    assert ahead == "; lead-1: +25% no single spoiler over win-2, exact"
    assert exact_verdict(tied[:1], "forceable against everyone")[:2] == (None, True)


def _was_sticht_unforceable() -> Any:
    """A Was sticht? play where the seat's task can no longer be forced."""
    from stich.games.was_sticht import WasStichtRound

    for seed in range(40):
        record = simulate("was-sticht", 3, seed)
        for cut in range(len(record.events) - 1, 0, -1):
            head = replace(record, events=record.events[:cut])
            mover = Session.from_record(head, 0).to_move()
            if mover is None:
                continue
            session = Session.from_record(head, mover)
            state = session.round
            assert isinstance(state, WasStichtRound)
            if state.phase != "play" or mover == state.dealer or len(session.legal()) < 2:
                continue
            advice = advise(session, Budget(worlds=1, seconds=PATIENT))
            if "can no longer be forced" in advice.reason:
                return session, advice
    raise AssertionError("no Was sticht? play with an unforceable task in 40 rounds")


def test_was_sticht_unforceable_task_shows_its_chance_to_be_made() -> None:
    from stich.games.was_sticht import WasStichtRound

    session, advice = _was_sticht_unforceable()
    state = session.round
    assert isinstance(state, WasStichtRound)
    chip = state.game.chip_values()[state.tasks[session.seat]]
    assert advice.value_name == "expected points"
    for alternative in advice.alternatives:
        # No card can force the task: forced is 0 (a certainty it is not), and the chance to make
        # it is the share of the play-outs, within [0, 1]; the value is the chip's value times it.
        assert alternative.figures["forced"] == 0.0
        assert 0.0 <= alternative.figures["p_made"] <= 1.0
        assert alternative.value == pytest.approx(chip * alternative.figures["p_made"])
    values = [a.value for a in advice.alternatives]
    assert values == sorted(values, reverse=True)
    row = next(line for line in _table(advice, session.names).splitlines() if "→" in line)
    # The chance the sentence quotes is in the table too, even where every card leaves the same.
    chance = shown(figure_kind("p_made"), advice.best.figures["p_made"])
    assert chance in advice.reason and chance in row.split(), (advice.reason, row)
    check_reason_quotes_figures(advice)
