"""How do Soupçons givers order their offered cards? A measure for issue 21 (eighth pass), NOT a bot.

    python benchmarks/soupcons_givers.py run --seed 3101 --games 100 --out DIR [--variant NAME]
    python benchmarks/soupcons_givers.py fit DIR [DIR ...] [--givers ismcts]
    python benchmarks/soupcons_givers.py claims DIR [DIR ...]

``run`` plays the schedule of

    veillee tournament soupcons -p 3 -o round_cap=20 --bots hard --field ismcts --seconds 0.1 --cpu-time \\
        --seed S --games N --jobs 1

(``--bot``, ``--field`` and ``--seconds`` change ``hard``, ``ismcts`` and 0.1) match by match with
``veillee.bots.tournament.play_spec``'s own steps (same ``TournamentConfig``, ``schedule``, per-match seeds, deals,
seat rotation and bots, from whatever code ``PYTHONPATH`` points at), appends each match's row to ``DIR/rows.jsonl``
as it ends (``soupcons_ceiling.py compare`` reads them) and, from the finished game's record (``state.past``: every
exchange with its true cards in the order offered, and ``state.dealt``), every exchange to ``DIR/offers.jsonl``: the
giver's seat label, its hand when the exchange began, the table then, and the cards offered in order. Nothing is
read during play: the bots play exactly as in the tournament. ``--variant`` switches a trial on in this process only
(see ``VARIANTS``).

``fit`` estimates, from those exchanges, each card's *propensity* to be offered next, by the giver's camp
(a Serpent in its hand or not), by how many cards it still has to offer (3 or 2), and by what the card does
to the table for that camp (``category``): a conditional logit (each offer is a choice among the giver's
cards not offered yet), fitted by minorise-maximise iterations (Hunter 2004), propensities relative to
``nothing`` (a free card: the 0 or a removed value).
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import veillee
from veillee.bots import play_match
from veillee.bots.heuristics.soupcons_worlds import card_category as category
from veillee.bots.tournament import MatchSpec, TournamentConfig, _agent, match_row, schedule
from veillee.core import derive_seed
from veillee.games.soupcons.cards import DAY, GONE, NIGHT, Card, Side

GAME = "soupcons"
CATEGORIES = ("serpent", "night", "day", "nothing", "win_own", "win_other")


def exchanges(state: Any, labels: list[str]) -> list[dict[str, Any]]:
    """Every exchange of a finished game, replayed from the deal: who gave, its hand and the table then, and
    the cards in the order offered (the last one accepted)."""
    top = state.material.top
    hands = [list(hand) for hand in state.dealt]
    table: list[Side] = [GONE] + [NIGHT] * top
    night = on_table = top
    out = []
    for ex in state.past:
        hand = list(hands[ex.giver])
        serpent = Card.SERPENT in hand
        out.append(
            {
                "giver": labels[ex.giver],
                "receiver": labels[ex.receiver],
                "serpent": serpent,
                "hand": [int(c) for c in hand],
                "categories": [category(c, table, night, on_table, serpent) for c in hand],
                "offered": [int(c) for c in ex.offered],
                "forced": ex.forced,
                "claims": [_claim_kind(c, table) for c in ex.claims],
                "night": night,
                "on_table": on_table,
            }
        )
        card = ex.offered[-1]
        hands[ex.giver].remove(card)
        hands[ex.receiver].append(card)
        side = table[card] if card < len(table) else GONE
        if side == NIGHT:
            table[card] = DAY
            night -= 1
        elif side == DAY:
            table[card] = GONE
            on_table -= 1
    return out


def _giver_model_on() -> None:
    """Trial: ``hard`` weights its worlds by the fitted giver model at every answer, and searches the
    endgame answers ``candidates`` leaves to ``normal`` (``soupcons.GIVER_MODEL``)."""
    from veillee.bots.heuristics import soupcons

    soupcons.GIVER_MODEL = True
    soupcons.world_weight = soupcons._fitted_weight


def _giver_history_on() -> None:
    """Trial: ``giver-model``, and the weights read every past exchange of the other seats too
    (``soupcons.GIVER_HISTORY``)."""
    from veillee.bots.heuristics import soupcons

    _giver_model_on()
    soupcons.GIVER_HISTORY = True


def _others_random_on() -> None:
    """Trial (ninth pass): ``hard``'s rollouts play *every* move of the other seats at random (offers and
    choices too, not only their answers), at the shipped depth."""
    from veillee.bots.heuristics import soupcons

    soupcons.OPPONENT_MIX = 1.0


def _answers_random_on() -> None:
    """Trial (ninth pass, before the shipped per-seat model): every other seat's answers at random in
    ``hard``'s rollouts, as if each were known to ignore claims."""
    from veillee.bots.heuristics import soupcons

    soupcons.ignores_claims = lambda view: [1.0] * view.players  # type: ignore[attr-defined]


def _to_the_end_on() -> None:
    """Trial (twelfth pass): ``hard``'s rollouts play to the match's end (``SEARCH_DEPTH`` 1,000) instead of
    judging by ``evaluate`` after the generic 30 decisions."""
    from veillee.bots.heuristics import soupcons

    soupcons.SEARCH_DEPTH = 1000  # type: ignore[attr-defined]


def _random_rollouts_on() -> None:
    """Trial (twelfth pass): ``hard``'s rollouts play every seat's moves uniformly at random to the match's
    end (``ROLLOUT_MIX`` 1, ``SEARCH_DEPTH`` 1,000), as ``ismcts``'s do; the root's candidates, the paired
    worlds and the override rule (``normal``'s move unless another beats it on evidence) are unchanged."""
    from veillee.bots.heuristics import soupcons

    soupcons.ROLLOUT_MIX = 1.0  # type: ignore[attr-defined]
    soupcons.SEARCH_DEPTH = 1000  # type: ignore[attr-defined]


def _plain_search_on() -> None:
    """Trial (twelfth pass): ``hard`` plays ``ismcts``'s own search (``plain_search``, same budget, most
    visited move) except at the endgame decisions that ``candidates`` leaves to ``normal`` (an answer to a
    giver who may hold a game-ending card, an offer while holding a card that wins at once)."""
    from veillee.bots import ismcts
    from veillee.bots.baseline import plain_search
    from veillee.bots.heuristics import policy_for, soupcons

    normal = policy_for(GAME)

    def act(self: ismcts.ISMCTSBot, decision: Any, rng: Any) -> Any:
        if len(decision.legal) == 1:
            return decision.legal[0]
        if not soupcons.candidates(decision.seat_view, decision.legal):
            return normal(decision, rng)
        root = plain_search(decision, rng, iterations=self.iterations, seconds=self.seconds, clock=self.clock)
        return max(decision.legal, key=lambda action: root.children[action].visits)

    ismcts.ISMCTSBot.act = act  # type: ignore[method-assign]


def _baseline_search_on() -> None:
    """Trial (twelfth pass): ``soupcons.BASELINE_SEARCH`` on: ``hard`` searches as the ``ismcts`` baseline
    once every other seat ignores claims (``search_as_baseline``)."""
    from veillee.bots.heuristics import soupcons

    soupcons.BASELINE_SEARCH = True


VARIANTS = {
    "answers-random": _answers_random_on,
    "baseline-search": _baseline_search_on,
    "giver-model": _giver_model_on,
    "giver-history": _giver_history_on,
    "others-random": _others_random_on,
    "plain-search": _plain_search_on,
    "random-rollouts": _random_rollouts_on,
    "to-the-end": _to_the_end_on,
}


def run(args: argparse.Namespace) -> None:
    options = {**veillee.game_info(GAME).options.automated_defaults(), "round_cap": 20}
    config = TournamentConfig(
        game=GAME,
        bots=(args.bot,),
        games=args.games,
        seed=args.seed,
        players=3,
        options=options,
        seconds=args.seconds,
        cpu_time=True,
        field=args.field,
    )
    for name in args.variant or []:
        VARIANTS[name]()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    rows_path, offers_path = out / "rows.jsonl", out / "offers.jsonl"
    done = set()
    if rows_path.exists():
        done = {json.loads(line)["index"] for line in rows_path.read_text(encoding="utf-8").splitlines() if line}
    (out / "machine.json").write_text(
        json.dumps(
            {
                "machine": platform.processor() or platform.machine(),
                "python": platform.python_version(),
                "started_utc": time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime()),
                "veillee": veillee.__file__,
                "variant": args.variant,
                "field": args.field,
                "seconds": args.seconds,
                "bot": args.bot,
            }
        ),
        encoding="utf-8",
    )
    for spec in schedule(config):
        if spec.index in done or spec.index < args.first or (args.last is not None and spec.index > args.last):
            continue
        row = _play(config, spec, offers_path)
        with open(rows_path, "a", encoding="utf-8") as handle:
            handle.write(json.dumps(row) + "\n")
        print(f"match {spec.index} done", flush=True)


def _play(config: TournamentConfig, spec: MatchSpec, offers_path: Path) -> dict[str, Any]:
    """``play_spec``, keeping the finished state to read its exchanges."""
    seed = derive_seed(config.seed, "match", spec.index)
    state = veillee.new_game(config.game, config.players, seed, **config.options)
    outcome = play_match(state, [_agent(level, config) for level in spec.seats], seed)
    with open(offers_path, "a", encoding="utf-8") as handle:
        for record in exchanges(state, list(spec.seats)):
            handle.write(json.dumps({"match": spec.index, **record}) + "\n")
    return match_row(spec, outcome)


def _claim_kind(claim: Card, table: list[Side]) -> str:
    """What a claim names, read from the table when the exchange began (the 0 and removed values: gone)."""
    if claim is Card.SERPENT:
        return "serpent"
    return {NIGHT: "night", DAY: "day", GONE: "gone"}[table[claim]]


def claims(args: argparse.Namespace) -> None:
    """What each kind of giver claims (issue 21, tenth pass: ``normal`` names a Night turn every time)."""
    kinds: dict[str, Counter[str]] = defaultdict(Counter)
    for folder in args.dirs:
        for line in (Path(folder) / "offers.jsonl").read_text(encoding="utf-8").splitlines():
            ex = json.loads(line)
            kinds[ex["giver"]].update(ex.get("claims", []))
    for giver, counts in sorted(kinds.items()):
        total = sum(counts.values())
        shares = ", ".join(f"{kind} {n} ({100 * n / total:.1f} %)" for kind, n in counts.most_common())
        print(f"{giver}: {total} claims: {shares}")


def fit(args: argparse.Namespace) -> None:
    """Per (camp, cards left): counts of what was offered by category, and the conditional-logit fit."""
    choices: dict[tuple[bool, int], list[tuple[list[str], int]]] = defaultdict(list)
    firsts: Counter[tuple[bool, str]] = Counter()
    held: Counter[tuple[bool, str]] = Counter()
    for folder in args.dirs:
        for line in (Path(folder) / "offers.jsonl").read_text(encoding="utf-8").splitlines():
            ex = json.loads(line)
            if not ex["giver"].startswith(args.givers):
                continue
            cats = list(ex["categories"])
            hand = list(ex["hand"])
            if len(hand) != 3:
                continue
            for cat in set(cats):
                held[ex["serpent"], cat] += 1
            firsts[ex["serpent"], cats[hand.index(ex["offered"][0])]] += 1
            for card in ex["offered"]:
                if len(hand) <= 1:
                    break
                i = hand.index(card)
                choices[ex["serpent"], len(hand)].append((list(cats), i))
                hand.pop(i)
                cats.pop(i)
    for key in sorted(choices):
        serpent, left = key
        data = choices[key]
        weights = _mm(data)
        chosen = Counter(cats[i] for cats, i in data)
        offered = Counter(c for cats, _ in data for c in cats)
        camp = "Serpent" if serpent else "innocent"
        print(f"{camp} giver, {left} cards left: {len(data)} choices")
        for cat in CATEGORIES:
            if offered[cat]:
                print(
                    f"  {cat:10s} chosen {chosen[cat]:5d} of {offered[cat]:5d} times present;"
                    f" propensity {weights.get(cat, float('nan')):.3f}"
                )
    print("first card, by category held (3 cards):")
    for (serpent, cat), n in sorted(held.items()):
        share = firsts[serpent, cat] / n
        camp = "S" if serpent else "I"
        print(f"  {camp} {cat:10s} held {n:5d}, first {firsts[serpent, cat]:5d} ({100 * share:.1f} %)")


PRIOR = 2.0
"""Virtual draws a category gets against a card of propensity 1 (``_mm``)."""


def _mm(data: list[tuple[list[str], int]], rounds: int = 500) -> dict[str, float]:
    """Conditional-logit propensities by minorise-maximise (Hunter 2004) with a small prior (``PRIOR``),
    ``nothing`` (or the largest) set to 1."""
    cats = sorted({c for cats, _ in data for c in cats})
    w = dict.fromkeys(cats, 1.0)
    wins = Counter(cats_[i] for cats_, i in data)
    for _ in range(rounds):
        denominator: dict[str, float] = dict.fromkeys(cats, 0.0)
        for cats_, _ in data:
            total = sum(w[c] for c in cats_)
            for c in cats_:
                denominator[c] += 1.0 / total
        # A prior: ``PRIOR`` virtual draws between each category and a card of propensity 1, won half by each
        # (shrinks categories seen a few times towards 1, and keeps every propensity finite).
        w = {c: (wins[c] + PRIOR / 2) / (denominator[c] + PRIOR / (w[c] + 1.0)) for c in cats}
        w = {c: max(v, 1e-4) for c, v in w.items()}
    ref = w.get("nothing") or max(w.values())
    return {c: v / ref for c, v in w.items()}


def loglik(data: list[tuple[list[str], int]], w: dict[str, float]) -> float:
    return sum(math.log(w[cats[i]] / sum(w[c] for c in cats)) for cats, i in data)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    play = commands.add_parser("run", help="play the schedule, record every exchange")
    play.add_argument("--seed", type=int, required=True)
    play.add_argument("--games", type=int, required=True)
    play.add_argument("--out", required=True)
    play.add_argument("--field", default="ismcts")
    play.add_argument("--bot", default="hard", help="the level of the seat measured against the field")
    play.add_argument("--first", type=int, default=0, help="skip the schedule's matches before this index")
    play.add_argument("--last", type=int, help="skip the schedule's matches after this index")
    play.add_argument("--seconds", type=float, default=0.1, help="every search seat's CPU seconds a move")
    play.add_argument("--variant", action="append", choices=sorted(VARIANTS))
    fitting = commands.add_parser("fit", help="propensities of the offered cards")
    fitting.add_argument("dirs", nargs="+")
    fitting.add_argument("--givers", default="ismcts")
    claiming = commands.add_parser("claims", help="what each kind of giver claims")
    claiming.add_argument("dirs", nargs="+")
    args = parser.parse_args()
    {"run": run, "fit": fit, "claims": claims}[args.command](args)


if __name__ == "__main__":
    main()
