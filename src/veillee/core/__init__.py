"""The core every game and front-end stands on: protocol, errors, RNG streams, decks, codecs, records.

It imports no game, no front-end, and nothing outside the standard library.
"""

from veillee.core.cards import build_deck, count_cards, shuffled, stacked
from veillee.core.codec import JSON, Action, ActionCodec
from veillee.core.data import View, to_json
from veillee.core.errors import (
    IllegalAction,
    InvalidAction,
    InvalidOption,
    InvalidRecord,
    UnknownGame,
    VeilleeError,
)
from veillee.core.events import event, redact
from veillee.core.options import Option, OptionSet
from veillee.core.record import load_record, replay, save_record
from veillee.core.registry import GameInfo, Registry
from veillee.core.rng import derive, derive_seed
from veillee.core.state import RECORD_FORMAT, GameState, RawEvent, Result

__all__ = [
    "JSON",
    "RECORD_FORMAT",
    "Action",
    "ActionCodec",
    "GameInfo",
    "GameState",
    "IllegalAction",
    "InvalidAction",
    "InvalidOption",
    "InvalidRecord",
    "Option",
    "OptionSet",
    "RawEvent",
    "Registry",
    "Result",
    "UnknownGame",
    "VeilleeError",
    "View",
    "build_deck",
    "count_cards",
    "derive",
    "derive_seed",
    "event",
    "load_record",
    "redact",
    "replay",
    "save_record",
    "shuffled",
    "stacked",
    "to_json",
]
