"""The one menu folding every front-end walks (``core.present.fold_menu``)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from veillee.core.present import MenuEntry, fold_menu

PATHS = [
    ("Play the Foudre", "on Bob"),
    ("Play the Foudre", "on Chloé"),
    ("Draw",),
    ("Give", "the D5"),
    ("Renew", "throw", "D1"),
    ("Renew", "throw", "D2"),
]


def test_shared_steps_become_sub_menus_and_single_chains_fold() -> None:
    menu = fold_menu(PATHS)
    assert [entry.label for entry in menu] == ["Play the Foudre …", "Draw", "Give › the D5", "Renew › throw …"]
    assert [entry.action for entry in menu] == [None, 2, 3, None]
    assert [(e.label, e.action) for e in menu[0].entries] == [("on Bob", 0), ("on Chloé", 1)]
    assert [(e.label, e.action) for e in menu[3].entries] == [("D1", 4), ("D2", 5)]
    assert menu[3].actions == (4, 5)


def _walk(entries: tuple[MenuEntry, ...]) -> list[int]:
    found: list[int] = []
    for entry in entries:
        if entry.action is None:
            assert len(entry.entries) > 1, "a sub-menu of one item"
            found += _walk(entry.entries)
        else:
            found.append(entry.action)
    return found


steps = st.text(alphabet="abc", min_size=1, max_size=2)


@given(st.lists(st.lists(steps, min_size=1, max_size=4).map(tuple), min_size=1, max_size=12, unique=True))
def test_every_action_is_reached_once_and_no_menu_has_one_item(paths: list[tuple[str, ...]]) -> None:
    # the presentations guarantee that no path is a prefix of another (tests/test_presentations.py)
    paths = [p for p in paths if not any(q != p and q[: len(p)] == p for q in paths)]
    if not paths:
        return
    assert sorted(_walk(fold_menu(paths))) == list(range(len(paths)))
