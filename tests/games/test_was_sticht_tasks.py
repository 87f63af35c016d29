"""Was sticht?'s tasks as a type: read from their ids, written back unchanged, judged by kind."""

from __future__ import annotations

import pytest

from stich.games.errors import StichError
from stich.games.was_sticht import COLOUR_NAMES, DECK, GAME, TASKS, Task, TaskKind
from stich.solvers.parse import parse_objective
from stich.solvers.position import ObjectiveKind, ObjectiveSpec


def test_every_task_id_reads_as_a_task_and_writes_back_unchanged() -> None:
    tasks = [Task.of(task_id) for task_id in TASKS]
    assert [t.id for t in tasks] == list(TASKS)
    assert [str(t) for t in tasks] == list(TASKS)
    assert len(set(tasks)) == len(TASKS)
    assert {t.kind for t in tasks} == set(TaskKind)
    assert Task.of(" No_Red ") == Task(TaskKind.NO_COLOUR, colour=COLOUR_NAMES.index("red"))
    assert Task.of("exactly-3") == Task(TaskKind.EXACTLY, tricks=3)


@pytest.mark.parametrize("text", ["no-purple", "exactly-9", "", 3, None])
def test_unknown_task_is_refused_naming_it(text: object) -> None:
    with pytest.raises(StichError, match="unknown task"):
        Task.of(text)


def test_colour_task_forbids_the_cards_of_its_colour_in_the_deck() -> None:
    letters = {name: letter for letter, name in DECK.suits.items()}
    for task_id in TASKS:
        task = Task.of(task_id)
        names = DECK.names(task.cards)
        if task.kind is TaskKind.NO_COLOUR:
            assert task.colour is not None
            assert len(names) == DECK.size // len(COLOUR_NAMES)
            assert all(n.startswith(letters[COLOUR_NAMES[task.colour]]) for n in names)
        else:
            assert names == []


def test_objective_reads_its_text_into_kinds_and_writes_the_same_json() -> None:
    raw = {"type": "task", "task": "No-Green", "seat": 1, "owner": 2}
    spec = parse_objective(raw, GAME(4))
    assert spec.type is ObjectiveKind.TASK
    assert spec.task == "no-green"
    assert GAME(4).task_of(spec.task) == Task(TaskKind.NO_COLOUR, colour=COLOUR_NAMES.index("green"))
    assert spec.to_json() == {"type": "task", "task": "no-green", "seat": 1, "owner": 2}
    assert ObjectiveSpec("exact", k=2, seat=0) == ObjectiveSpec(ObjectiveKind.EXACT, 2, None, 0)
    assert ObjectiveSpec().to_json() == {"type": "tricks"}
    with pytest.raises(StichError, match="unknown objective 'most'"):
        ObjectiveSpec("most")
