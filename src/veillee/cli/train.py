"""``veillee train``: train the ``expert`` level's network for one game by self-play (``veillee.expert.train``).

Needs the ``train`` extra (PyTorch, CPU build: ``pip install torch==2.13.0`` first, then ``-e '.[train]'``);
playing ``expert`` does not. Prints a progress bar; writes ``checkpoint.pt``, ``buffer.npz``, ``weights.npz``,
``curve.json`` and ``learning_curve.png`` into ``--out``. To ship the result, copy ``weights.npz`` to
``src/veillee/expert/weights/<game>-<players>p.npz``.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import veillee
from veillee.cli.options import add_game_arguments, parse_options, unattended_options

NAME = "train"
HELP = "train the expert level's network by self-play (needs the train extra: PyTorch)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_arguments(parser)
    parser.add_argument("--hours", type=float, default=1.0, help="training time, wall clock (default 1)")
    parser.add_argument("--games", type=int, default=None, help="stop after this many self-play matches in all")
    parser.add_argument("--out", type=Path, default=None, help="output directory (default: train-GAME-Np)")
    parser.add_argument("--resume", type=Path, default=None, help="continue the run saved in this directory")
    parser.add_argument("--seed", type=int, default=0, help="seed of the whole run (default 0)")
    parser.add_argument("--iterations", type=int, default=48, help="rollouts per self-play search move (48)")
    parser.add_argument(
        "--search-share", type=float, default=0.25, help="share of self-play moves that search (0.25; the rest: normal)"
    )
    parser.add_argument("--hidden", type=int, default=128, help="units per hidden layer (128)")
    parser.add_argument("--measure-minutes", type=float, default=15.0, help="minutes between measures (15)")
    parser.add_argument(
        "--measure-matches", type=int, default=4, help="matches per level in a measure (4; 0: no learning curve)"
    )
    parser.add_argument("--checkpoint-minutes", type=float, default=5.0, help="minutes between checkpoints (5)")
    parser.add_argument(
        "--calibrate-positions",
        type=int,
        default=60,
        help="decisions hard searches at the end to calibrate the prior's race width (60; 0: none)",
    )
    parser.add_argument(
        "--calibrate-iterations", type=int, default=300, help="hard's rollouts per calibration decision (300)"
    )
    parser.add_argument(
        "--calibrate-value-matches",
        type=int,
        default=100,
        help="fresh normal matches on which the value's errors are measured at the end (100; 0: keep training's)",
    )
    parser.add_argument(
        "--calibrate",
        type=Path,
        default=None,
        metavar="WEIGHTS",
        help="only calibrate this weights file in place (no training, no PyTorch needed)",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def run(args: argparse.Namespace) -> int:
    if args.calibrate is not None:
        return _calibrate(args)
    try:
        from veillee.expert.train import TrainConfig, train
    except ImportError as exc:
        print(f"veillee train needs PyTorch: pip install torch==2.13.0 && pip install -e '.[train]' ({exc})")
        return 2
    game = args.game
    if game not in veillee.game_names():
        print(f"unknown game {game!r}; the games are: {', '.join(veillee.game_names())}")
        return 2
    info = veillee.game_info(game)
    players = args.players or info.min_players
    options = unattended_options(game, parse_options(args.option))
    try:
        veillee.new_game(game, players, 0, **options)
    except (ValueError, TypeError) as exc:
        print(f"cannot train {game} with these settings: {exc}")
        return 2
    for name in ("hours", "measure_minutes", "checkpoint_minutes"):
        if getattr(args, name) <= 0:
            print(f"--{name.replace('_', '-')} must be positive")
            return 2
    if not 0.0 < args.search_share <= 1.0:
        print("--search-share must be in (0, 1]")
        return 2
    for name in ("measure_matches", "calibrate_positions", "calibrate_value_matches"):
        if getattr(args, name) < 0:
            print(f"--{name.replace('_', '-')} must be 0 or more")
            return 2
    for name in ("games", "iterations", "hidden", "calibrate_iterations"):
        value = getattr(args, name)
        if value is not None and value < 1:
            print(f"--{name.replace('_', '-')} must be at least 1")
            return 2
    if args.resume is not None and not (args.resume / "checkpoint.pt").is_file():
        print(f"{args.resume} holds no checkpoint.pt to resume")
        return 2
    out = args.out or args.resume or Path(f"train-{game}-{players}p")
    config = TrainConfig(
        game=game,
        players=players,
        out=out,
        seed=args.seed,
        hours=args.hours,
        games=args.games,
        options=parse_options(args.option),
        hidden=args.hidden,
        iterations=args.iterations,
        search_share=args.search_share,
        measure_minutes=args.measure_minutes,
        measure_matches=args.measure_matches,
        measure_iterations=args.iterations,
        checkpoint_minutes=args.checkpoint_minutes,
        calibrate_positions=args.calibrate_positions,
        calibrate_iterations=args.calibrate_iterations,
        calibrate_value_matches=args.calibrate_value_matches,
    )
    weights = train(config, resume=args.resume) if args.quiet else _with_bar(config, args.resume)
    print(f"weights: {weights} (ship: cp {weights} src/veillee/expert/weights/{game}-{players}p.npz)")
    return 0


def _calibrate(args: argparse.Namespace) -> int:
    """``--calibrate WEIGHTS``: measure the prior against ``hard`` and record it in the file."""
    from veillee.expert.calibrate import calibrate
    from veillee.expert.net import WeightsMismatch, load

    if args.calibrate_positions < 1 or args.calibrate_iterations < 1 or args.calibrate_value_matches < 0:
        print(
            "--calibrate-positions and --calibrate-iterations must be at least 1, --calibrate-value-matches 0 or more"
        )
        return 2
    try:
        game = load(args.calibrate).meta.get("game")
    except (FileNotFoundError, WeightsMismatch) as exc:
        print(f"cannot calibrate {args.calibrate}: {exc}")
        return 2
    if game != args.game:
        print(f"{args.calibrate} holds {game} weights, not {args.game}")
        return 2
    network = calibrate(
        str(args.calibrate),
        positions=args.calibrate_positions,
        iterations=args.calibrate_iterations,
        seed=args.seed,
        value_matches=args.calibrate_value_matches,
    )
    ranks = network.meta["prior_ranks"]
    width = network.meta["prior_width"]
    said = f"the race narrows to the normal move and {width} more" if width else "the race is never narrowed"
    errors = network.meta.get("value_mse", {})
    mix = network.meta.get("mix")
    print(f"{args.calibrate}: {len(ranks)} of hard's overrides measured; {said}; value errors {errors}, best mix {mix}")
    return 0


def _with_bar(config: object, resume: Path | None) -> Path:
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    from veillee.expert.train import TrainConfig, train

    assert isinstance(config, TrainConfig)
    total = config.hours * 3600.0
    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        TextColumn("{task.fields[info]}"),
    ) as bar:
        task = bar.add_task(f"training {config.game}", total=total, info="")
        origin: list[float] = []

        def progress(run: object, what: str) -> None:
            seconds = getattr(run, "seconds", 0.0)
            if not origin:
                origin.append(seconds - 1e-9)
            policy, value = getattr(run, "loss", (float("nan"), float("nan")))
            points = getattr(run, "points", [])
            last = ""
            if points:
                p = points[-1]
                last = " · " + ", ".join(f"vs {k} {p.wins[k]:g}/{p.matches[k]}" for k in p.wins)
            info = f"{what} · {getattr(run, 'games', 0)} matches · loss π {policy:.3f} v {value:.3f}{last}"
            bar.update(task, completed=seconds - origin[0], info=info)

        return train(config, resume=resume, progress=progress)
