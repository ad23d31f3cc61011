"""A ceiling measure for issue 21's Soupçons target, NOT a bot: how high does `hard`'s search rank against
the `ismcts` field when it is handed the true state?

    python benchmarks/soupcons_ceiling.py run --seed 2701 --games 100 --out DIR [--seconds 0.1]
    python benchmarks/soupcons_ceiling.py compare ORACLE_DIR HARD_DIR

``run`` plays the schedule of

    veillee tournament soupcons -p 3 -o round_cap=20 --bots hard --field ismcts --seconds 0.1 --cpu-time \\
        --seed S --games N

(the same ``TournamentConfig``, ``schedule``, per-match seeds, deals, seat rotation and field bots, built by
``veillee.bots.tournament``), except that the `hard` seat is played by the **oracle**: `hard`'s own
``ISMCTSBot`` (same candidates, same ``normal`` move to beat, same rollouts, same racing, same CPU-time
budget, ``--seconds`` a move) whose every "sampled world" is a copy of the TRUE state. Nothing is
determinized: the oracle sees every hand, the card on offer and the camps. This is the one place in the
project where a seat peeks, on purpose: the script measures what the search could do with perfect
information, to tell whether the 60 % target is within the game's reach against this field. The oracle is
never a level: it is not in ``veillee.bots.LEVELS``, ``make_bot`` cannot build it, and no player can meet it.

The oracle also skips the world sampler, so at equal CPU time it runs more rollouts than `hard`;
``--seconds 0.5`` gives it five times the budget, to tell whether the ceiling is about information or
computation. With ``--every-move`` the oracle's root compares every legal move: `hard`'s ``candidates``
hook keeps one claim per offered card and leaves two game-ending decisions to ``normal`` because sampled
worlds get them wrong, which the true world does not. ``--others P`` sets the search's opponent model
(Soupçons' ``OPPONENT_MIX``, in this process only): the share of the other seats' rollout moves played at
random instead of by ``normal``. Every run writes ``kinds.json``: per decision kind, how many choices the
oracle made and how often it did not play the ``normal`` move. With ``--plain`` the oracle is the ``ismcts``
baseline's own search on the true state (the field's algorithm handed the truth; ``--every-move`` and
``--others`` then change nothing). With ``--versus-hard``, each decision is also given to a shipped `hard`
(its own sampled world, same budget, its own RNG, outside the oracle's clock), and ``kinds.json`` counts
where the two moves differ (an offer by its card): where the missing information matters. That doubles
the CPU of a run.

Every match is appended to ``DIR/rows.jsonl`` as it ends (a run cut short still counts; a restarted run
skips the matches already there); at the end ``DIR/summary.json`` has the tournament's summary
(``summarise``: the `hard` line is the oracle's seat). ``compare`` prints the paired difference of two runs
on the same schedule: per match, the solo seat's pairing score (0 to 2 pairings won, ties ½).
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import random
import time
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any, cast

import veillee
from veillee.bots import Decision, ISMCTSBot, PlainISMCTSBot, decision_for, play_match
from veillee.bots.heuristics import soupcons as soupcons_heuristic
from veillee.bots.tournament import MatchSpec, TournamentConfig, _agent, match_row, schedule, summarise, wilson
from veillee.cli.tournament import write_outputs
from veillee.core import GameState, derive_seed

GAME = "soupcons"
SOLO = "hard"
"""The label of the solo seat in the schedule (played here by the oracle)."""


class TrueWorld:
    """Stands in for a decision's world: every ``determinize`` is a copy of the true state (no sampling)."""

    def __init__(self, state: GameState[Any]) -> None:
        base = state.clone()
        # As ``GameState.determinize`` leaves a world: no past and an empty log (the rollouts read neither,
        # and a short log keeps the search's clones as cheap as on a sampled world).
        base._history = []
        base.emit = cast(Any, []).append
        self._base = base

    def determinize(self, seat: int, rng: random.Random) -> GameState[Any]:
        return self._base.clone()


class Oracle:
    """`hard`'s search on the true state only (benchmark-only; see the module docstring).

    ``state`` must be set to the match's true state before the match (``play_match`` changes it in place,
    so the reference stays current). ``shadow``, if given, is a shipped `hard` that is asked every decision
    too, on an honest decision of its own, so that the two moves can be compared.
    """

    name = "oracle"
    needs_world = False

    def __init__(
        self,
        seconds: float,
        *,
        every_move: bool = False,
        plain: bool = False,
        shadow: ISMCTSBot | None = None,
        shadow_seed: int = 0,
    ) -> None:
        self.search = ISMCTSBot(GAME, iterations=None, seconds=seconds, name="oracle", clock=time.process_time)
        self.plain = PlainISMCTSBot(seconds=seconds, name="oracle", clock=time.process_time) if plain else None
        """With ``plain``: the ``ismcts`` baseline's own search on the true state (the field's algorithm,
        handed the truth) instead of ``hard``'s."""
        if every_move:
            # Without the ``candidates`` hook the root compares every legal move, including the two decisions
            # the hook leaves to ``normal`` because sampled worlds get them wrong (the oracle's are right).
            self.search._candidates = None
        self.state: GameState[Any] | None = None
        self.shadow = shadow
        self.shadow_rng = random.Random(shadow_seed)
        self.choices: Counter[str] = Counter()
        """Decisions with a choice, by kind (Soupçons: offer, choose, accept/refuse for the answers)."""
        self.overrides: Counter[str] = Counter()
        """Of those, where the oracle did not play the ``normal`` move."""
        self.kinds: Counter[str] = Counter()
        self.differ: Counter[str] = Counter()

    def act(self, decision: Decision, rng: random.Random) -> Any:
        assert self.state is not None, "the oracle needs the true state"
        true = replace(decision, sampled=cast(GameState[Any], TrueWorld(self.state)))
        probe = random.Random()
        probe.setstate(rng.getstate())  # the draws ``act`` makes first: its ``normal`` move
        usual = self.search._policy(decision, probe)
        action = (self.search if self.plain is None else self.plain).act(true, rng)
        if len(decision.legal) > 1:
            kind = str(getattr(decision.legal[0], "kind", type(decision.legal[0]).__name__))
            self.choices[kind] += 1
            self.overrides[kind] += action != usual
        if self.shadow is not None and len(decision.legal) > 1:
            honest = decision_for(self.state, decision.seat, self.shadow_rng)
            theirs = self.shadow.act(honest, self.shadow_rng)
            self.kinds[kind] += 1
            if _move(theirs) != _move(action):
                self.differ[kind] += 1
        return action


def _move(action: Any) -> Any:
    """What a comparison of two moves looks at: a Soupçons offer's card, not its claim (``normal`` breaks
    ties between claims at random, so two honest bots differ there by chance); other actions whole."""
    card = getattr(action, "card", None)
    return action if card is None else (getattr(action, "kind", None), card)


def config_for(seed: int, games: int, field_seconds: float) -> TournamentConfig:
    """The configuration ``veillee tournament soupcons -p 3 -o round_cap=20 --bots hard --field ismcts
    --seconds S --cpu-time`` builds (the CLI's ``unattended_options`` over the given option)."""
    options = {**veillee.game_info(GAME).options.automated_defaults(), "round_cap": 20}
    return TournamentConfig(
        game=GAME,
        bots=(SOLO,),
        games=games,
        seed=seed,
        players=3,
        options=options,
        seconds=field_seconds,
        cpu_time=True,
        field="ismcts",
    )


def play_oracle_spec(config: TournamentConfig, spec: MatchSpec, oracle: Oracle) -> dict[str, Any]:
    """``veillee.bots.tournament.play_spec`` with the solo seat played by ``oracle`` (same deal, seeds,
    field bots and row), the true state handed to it explicitly."""
    seed = derive_seed(config.seed, "match", spec.index)
    state = veillee.new_game(config.game, config.players, seed, **config.options)
    oracle.state = state
    agents = [oracle if label == SOLO else _agent(label, config) for label in spec.seats]
    return match_row(spec, play_match(state, agents, seed))


def pairing_score(row: dict[str, Any]) -> float:
    """The solo seat's pairings won in one match (ties ½), as ``summarise`` counts them."""
    seats, winners, ranks = row["seats"], row["winners"], row["ranks"]
    me = seats.index(SOLO)
    score = 0.0
    for other in range(len(seats)):
        if other == me:
            continue
        if me in winners and other not in winners:
            score += 1
        elif me in winners and other in winners:
            score += 0.5
        elif me not in winners and other not in winners:
            score += 0.5 if ranks[me] == ranks[other] else float(ranks[me] < ranks[other])
    return score


def read_rows(out: Path) -> list[dict[str, Any]]:
    """The match rows of a run: ``rows.jsonl`` (this script) or ``summary.json``'s (``veillee tournament``)."""
    jsonl = out / "rows.jsonl"
    if jsonl.exists():
        rows = [json.loads(line) for line in jsonl.read_text(encoding="utf-8").splitlines() if line.strip()]
    else:
        rows = json.loads((out / "summary.json").read_text(encoding="utf-8"))["match_rows"]
    return sorted(rows, key=lambda row: row["index"])


def describe(rows: list[dict[str, Any]]) -> str:
    pairs = sum(pairing_score(row) for row in rows)
    low, high = wilson(pairs, 2 * len(rows))
    wins = sum(1 / len(row["winners"]) for row in rows if row["seats"].index(SOLO) in row["winners"])
    win_low, win_high = wilson(wins, len(rows))
    return (
        f"{len(rows)} matches: pairings {pairs:g} of {2 * len(rows)}, {100 * pairs / (2 * len(rows)):.1f} % "
        f"({100 * low:.1f}-{100 * high:.1f} %); win share {wins:g} of {len(rows)}, "
        f"{100 * wins / len(rows):.1f} % ({100 * win_low:.1f}-{100 * win_high:.1f} %)"
    )


def run(args: argparse.Namespace) -> None:
    config = config_for(args.seed, args.games, args.field_seconds)
    if args.others is not None:
        # The search's model of the other seats (``search``'s ``others``; shipped: 0, every seat ``normal``).
        soupcons_heuristic.OPPONENT_MIX = args.others
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    jsonl = out / "rows.jsonl"
    done = {row["index"] for row in read_rows(out)} if jsonl.exists() else set()
    shadow = ISMCTSBot(GAME, iterations=None, seconds=args.field_seconds, clock=time.process_time)
    oracle = Oracle(
        args.seconds,
        every_move=args.every_move,
        plain=args.plain,
        shadow=shadow if args.versus_hard else None,
        shadow_seed=args.seed,
    )
    (out / "machine.json").write_text(
        json.dumps(
            {
                "machine": platform.processor() or platform.machine(),
                "python": platform.python_version(),
                "started_utc": time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime()),
                "oracle_seconds": args.seconds,
                "field_seconds": args.field_seconds,
                "versus_hard": args.versus_hard,
                "every_move": args.every_move,
                "plain": args.plain,
                "others": args.others,
            }
        ),
        encoding="utf-8",
    )
    for spec in schedule(config):
        if spec.index in done:
            continue
        row = play_oracle_spec(config, spec, oracle)
        with open(jsonl, "a", encoding="utf-8") as handle:
            handle.write(json.dumps(row) + "\n")
        kinds: dict[str, dict[str, int]] = {
            kind: {"decisions": n, "not_normal": oracle.overrides[kind]} for kind, n in oracle.choices.items()
        }
        for kind, n in oracle.kinds.items():
            kinds[kind].update(versus_hard=n, differ_from_hard=oracle.differ[kind])
        (out / "kinds.json").write_text(json.dumps(kinds, indent=1), encoding="utf-8")
        print(f"match {spec.index}: pairing score {pairing_score(row):g}", flush=True)
    rows = read_rows(out)
    summary = summarise(config, rows)
    root = "every legal move at the root" if args.every_move else "hard's candidates at the root"
    model = "" if args.others is None else f", other seats {args.others:g} random in rollouts"
    summary["solo_seat"] = f"oracle (hard's search on the true state, {root}{model}), {args.seconds} s CPU a move"
    write_outputs(out, summary, rows)
    print(describe(rows))


def compare(args: argparse.Namespace) -> None:
    first = {row["index"]: row for row in read_rows(Path(args.first))}
    second = {row["index"]: row for row in read_rows(Path(args.second))}
    common = sorted(set(first) & set(second))
    print(f"{args.first}: {describe([first[i] for i in common])}")
    print(f"{args.second}: {describe([second[i] for i in common])}")
    gains = [pairing_score(first[i]) - pairing_score(second[i]) for i in common]
    n = len(gains)
    mean = sum(gains) / n
    error = math.sqrt(sum((g - mean) ** 2 for g in gains) / (n - 1) / n) if n > 1 else 0.0
    changed = sum(1 for g in gains if g)
    print(
        f"paired over {n} matches: mean gain {mean:+.3f} pairing points a match (of 2), standard error "
        f"{error:.3f} ({mean / error if error else 0.0:+.1f} SE); {changed} matches scored differently"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    play = commands.add_parser("run", help="play the schedule with the oracle in the hard seat")
    play.add_argument("--seed", type=int, required=True)
    play.add_argument("--games", type=int, required=True)
    play.add_argument("--out", required=True)
    play.add_argument("--seconds", type=float, default=0.1, help="the oracle's CPU seconds a move (default 0.1)")
    play.add_argument("--field-seconds", type=float, default=0.1, help="the ismcts seats' (default 0.1)")
    play.add_argument("--every-move", action="store_true", help="the oracle's root: every legal move, no pruning")
    play.add_argument(
        "--others", type=float, default=None, help="share of the other seats' rollout moves played at random"
    )
    play.add_argument("--plain", action="store_true", help="the oracle searches as the ismcts baseline does")
    play.add_argument("--versus-hard", action="store_true", help="also ask a shipped hard each decision")
    both = commands.add_parser("compare", help="paired difference of two runs on the same schedule")
    both.add_argument("first")
    both.add_argument("second")
    args = parser.parse_args()
    if args.command == "run":
        run(args)
    else:
        compare(args)


if __name__ == "__main__":
    main()
