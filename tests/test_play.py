"""``veillee play`` driven through its standard input, as a person would type, for every game."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import veillee

SHORT = {"soon": ["-o", "length=express"]}
"""Options that keep a terminal match short enough for a test."""


def seats(game: str) -> str:
    """You against random bots, at the game's smallest table."""
    return ",".join(["you"] + ["random"] * (veillee.game_info(game).min_players - 1))


def play(*args: str, stdin: str, env_lang: str = "C", cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "veillee", "play", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=240,
        env={"LANG": env_lang, "PATH": "/usr/bin:/bin", "COLUMNS": "80"},
        check=False,
        cwd=cwd,
    )


@pytest.mark.parametrize("game", veillee.game_names())
def test_a_whole_match_against_a_bot_by_typing_numbers(game: str, tmp_path: Path) -> None:
    save = tmp_path / "m.json"
    run = play(
        game,
        "--seats",
        seats(game),
        "--seed",
        "5",
        "--lang",
        "en",
        "--save",
        str(save),
        *SHORT.get(game, []),
        stdin="1\n" * 3000,
    )
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr
    assert "your turn" in run.stdout
    assert "Match over" in run.stdout or "Match saved" in run.stdout


@pytest.mark.parametrize("game", veillee.game_names())
def test_bad_input_is_explained_and_asked_again(game: str, tmp_path: Path) -> None:
    run = play(
        game,
        "--seats",
        seats(game),
        "--seed",
        "5",
        "--lang",
        "en",
        "--save",
        str(tmp_path / "m.json"),
        stdin="abc\n99\n\n-1\nhelp\n",
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.count("I did not understand") == 3
    assert "End of input" in run.stdout and "Match saved" in run.stdout  # Ctrl-D: told, then saved


@pytest.mark.parametrize("game", veillee.game_names())
def test_quit_saves_and_resume_continues_the_same_match(game: str, tmp_path: Path) -> None:
    save = tmp_path / "m.json"
    run = play(
        game,
        "--seats",
        seats(game),
        "--seed",
        "9",
        "--lang",
        "en",
        "--save",
        str(save),
        *SHORT.get(game, []),
        stdin="1\n1\n1\nquit\n",
    )
    assert run.returncode == 0, run.stderr
    record = json.loads(save.read_text())
    assert record["meta"]["seats"] == seats(game).split(",")
    before = len(record["actions"])
    assert before >= 1
    veillee.replay(record)  # a valid record
    run = play("--resume", str(save), game, stdin="1\n1\n1\nquit\n")  # menus may be two or three steps deep
    assert run.returncode == 0, run.stderr
    after = json.loads(save.read_text())
    assert after["actions"][:before] == record["actions"] and len(after["actions"]) > before


def test_french_by_default_when_the_system_prefers_it(tmp_path: Path) -> None:
    run = play(
        "soon",
        "--seats",
        "you,random",
        "--seed",
        "1",
        "--save",
        str(tmp_path / "m.json"),
        stdin="aide\nquitter\n",
        env_lang="fr_FR.UTF-8",
    )
    assert "à vous de jouer" in run.stdout and "Piocher" in run.stdout
    assert "Explorateur" in run.stdout  # the rules summary
    assert "Partie sauvegardée" in run.stdout


def test_hot_seat_hands_the_screen_over_and_shows_only_your_hand(tmp_path: Path) -> None:
    state = veillee.new_game("soon", 2, 3, length="express")
    first = state.to_act
    assert first is not None
    other = 1 - first
    run = play(
        "soon",
        "--seats",
        "you,you",
        "--seed",
        "3",
        "--lang",
        "en",
        "-o",
        "length=express",
        "--save",
        str(tmp_path / "m.json"),
        stdin="\n1\n1\n\n1\nquit\n",
    )
    assert run.returncode == 0, run.stderr
    names = ["Alice", "Bruno"]
    assert f"Pass the screen to {names[first]}" in run.stdout
    assert f"Pass the screen to {names[other]}" in run.stdout
    first_turn = run.stdout.split(f"Pass the screen to {names[other]}")[0]
    other_hand = state.view(other)["hand"]
    from veillee.core.present import plain
    from veillee.games.soon.render import card

    assert f"Your hand: {' '.join(plain(card(c, 'en')) for c in other_hand)}" not in first_turn


def test_unknown_levels_and_seat_counts_are_refused() -> None:
    run = play("soon", "--seats", "you,grandmaster", stdin="")
    assert run.returncode == 2 and "unknown bot level" in run.stderr
    run = play("soon", "--seats", "you,random", "--players", "3", stdin="")
    assert run.returncode == 2 and "2 seats for 3 players" in run.stderr


def test_resume_needs_no_game_and_refuses_another_one(tmp_path: Path) -> None:
    """Issue 16: ``--resume FILE`` required a game argument and then ignored it."""
    save = tmp_path / "m.json"
    first = play("soon", "--seats", "you,random", "--seed", "3", "--lang", "en", "--save", str(save), stdin="1\nquit\n")
    assert first.returncode == 0, first.stderr
    actions = len(json.loads(save.read_text())["actions"])
    wrong = play("--resume", str(save), "skyjo", "--lang", "en", stdin="quit\n")
    assert wrong.returncode == 2 and "is a match of soon, not skyjo" in " ".join(wrong.stderr.split())
    players = play("--resume", str(save), "-p", "4", "--lang", "en", stdin="quit\n")
    assert players.returncode == 2 and "for 2 players, not 4" in " ".join(players.stderr.split())
    again = play("--resume", str(save), "--lang", "en", stdin="1\nquit\n")
    assert again.returncode == 0 and "Match saved to" in again.stdout, again.stderr
    assert len(json.loads(save.read_text())["actions"]) > actions
    nothing = play("--lang", "en", stdin="")
    assert nothing.returncode == 2 and "name a game" in " ".join(nothing.stderr.split())


def test_the_end_of_input_never_overwrites_an_earlier_save(tmp_path: Path) -> None:
    """Issue 16: an end of input (Ctrl-D, a closed pipe) overwrote the default save file silently."""
    earlier = tmp_path / "veillee-soon.json"
    earlier.write_text("yesterday's match\n")
    run = play("soon", "--seats", "you,random", "--seed", "3", "--lang", "en", stdin="", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert earlier.read_text() == "yesterday's match\n"
    fresh = tmp_path / "veillee-soon-2.json"
    assert fresh.exists() and "veillee-soon-2.json" in " ".join(run.stdout.split())
    veillee.replay(json.loads(fresh.read_text()))
    # a file named with --save is replaced, and the message says so
    chosen = play("soon", "--seats", "you,random", "--lang", "en", "--save", str(earlier), stdin="", cwd=tmp_path)
    assert chosen.returncode == 0 and "replacing the save that was there" in " ".join(chosen.stdout.split())
