"""The messages of the HTTP and WebSocket protocol (pydantic models) and the catalogue of error codes.

Every refusal reaches its sender as ``{"type": "error", "code", "message", "message_fr", "detail"}``:
``code`` is stable (a client translates it), the two messages are ready to show, and ``detail`` is the
engine's own explanation of an illegal action when there is one (in English, written for the acting seat,
so it names no card that seat may not see). ``docs/server.md`` documents every message.
"""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "CHAT_MAX",
    "ERRORS",
    "MAX_MESSAGE_BYTES",
    "NAME_INPUT_MAX",
    "NAME_MAX",
    "REACTIONS",
    "ActMessage",
    "AddBotRequest",
    "ChatMessage",
    "CreateTableRequest",
    "HelloMessage",
    "JoinRequest",
    "PingMessage",
    "ReactMessage",
    "ServiceError",
    "clean_chat",
    "clean_name",
    "error_json",
]

MAX_MESSAGE_BYTES = 8192
"""The largest WebSocket message the server reads; a bigger one gets ``too_large`` (an action is ~100 bytes)."""
NAME_MAX = 24
"""Characters in a display name (once cleaned): enough for a first and a last name, not enough to push a layout."""
NAME_INPUT_MAX = 64
"""Characters read of a name before it is cleaned."""
NAME_HELP = f"a display name: at most {NAME_MAX} characters once control characters are removed"
CHAT_MAX = 200
"""Characters in a chat line (once cleaned): a sentence or two at a table, not a wall of text."""
CHAT_INPUT_MAX = 400
"""Characters read of a chat line before it is cleaned (a longer one is refused, not cut)."""
Reaction = Literal["hello", "well_played", "thanks", "oops", "wow", "hurry"]
"""The quick reactions: codes, so that each reader sees them in their own language."""
REACTIONS: tuple[str, ...] = get_args(Reaction)
MAX_MARKS = 2
"""Combining marks kept after one base character (accents stack; "zalgo" text does not)."""

ERRORS: dict[str, tuple[int, str, str]] = {
    # code: (HTTP status, English, French)
    "bad_json": (400, "The message is not valid JSON.", "Le message n'est pas du JSON valide."),
    "bad_message": (
        400,
        "The message does not have the expected fields.",
        "Le message n'a pas les champs attendus.",
    ),
    "unknown_type": (400, "Unknown message type.", "Type de message inconnu."),
    "too_large": (413, "The message is too large.", "Le message est trop long."),
    "bad_token": (
        401,
        "This seat token is not valid at this table.",
        "Ce jeton de place n'est pas valable à cette table.",
    ),
    "not_seated": (403, "Only a seated player may do this.", "Seul un joueur assis peut faire cela."),
    "table_not_found": (404, "There is no such table.", "Cette table n'existe pas."),
    "unknown_game": (400, "There is no such game.", "Ce jeu n'existe pas."),
    "bad_option": (400, "These options are not valid for this game.", "Ces options ne sont pas valables pour ce jeu."),
    "bad_level": (400, "Unknown bot level.", "Niveau de robot inconnu."),
    "seat_taken": (409, "This seat is already taken.", "Cette place est déjà prise."),
    "table_full": (409, "Every seat is taken.", "Toutes les places sont prises."),
    "already_started": (409, "The match has already started.", "La partie a déjà commencé."),
    "seats_empty": (
        409,
        "Every seat needs a player or a bot before the start.",
        "Chaque place doit avoir un joueur ou un robot avant de commencer.",
    ),
    "not_started": (409, "The match has not started yet.", "La partie n'a pas encore commencé."),
    "not_finished": (409, "The match is not finished.", "La partie n'est pas terminée."),
    "match_over": (409, "The match is over.", "La partie est terminée."),
    "not_your_turn": (409, "It is not your turn.", "Ce n'est pas votre tour."),
    "stale_version": (
        409,
        "The table has moved on: act on the new position.",
        "La table a changé : jouez sur la nouvelle position.",
    ),
    "bad_action": (400, "This is not an action of this game.", "Ce n'est pas une action de ce jeu."),
    "illegal_action": (409, "This action is not allowed now.", "Cette action n'est pas permise maintenant."),
    "bad_seat": (400, "There is no such seat.", "Cette place n'existe pas."),
    "bad_invite": (
        403,
        "This table is private: open the invitation link your host sent.",
        "Cette table est privée : ouvrez le lien d'invitation envoyé par votre hôte.",
    ),
    "not_host": (
        403,
        "Only the host (who created the table) may do this.",
        "Seul l'hôte (qui a créé la table) peut faire cela.",
    ),
    "bad_name": (
        400,
        "Choose a name of 1 to 24 visible characters.",
        "Choisissez un nom de 1 à 24 caractères visibles.",
    ),
    "bad_request": (
        422,
        "The request does not have the expected fields.",
        "La requête n'a pas les champs attendus.",
    ),
    "bad_chat": (
        400,
        f"Write a message of 1 to {CHAT_MAX} visible characters.",
        f"Écrivez un message de 1 à {CHAT_MAX} caractères visibles.",
    ),
    "body_too_large": (413, "The request is too large.", "La requête est trop volumineuse."),
    "rate_limited": (
        429,
        "Too many requests: wait a moment and try again.",
        "Trop de demandes : attendez un moment et réessayez.",
    ),
    "too_many_tables": (
        429,
        "Too many open tables from your address: finish or close one first.",
        "Trop de tables ouvertes depuis votre adresse : terminez ou fermez-en une d'abord.",
    ),
    "table_closed": (409, "The host closed this table.", "L'hôte a fermé cette table."),
    "table_broken": (
        409,
        "This table could not be restored after a server update.",
        "Cette table n'a pas pu être restaurée après une mise à jour du serveur.",
    ),
    "not_found": (404, "There is nothing at this address.", "Il n'y a rien à cette adresse."),
    "method_not_allowed": (405, "This method is not allowed here.", "Cette méthode n'est pas permise ici."),
    "slow_client": (
        429,
        "Too many messages are waiting for you: reconnect.",
        "Trop de messages vous attendent : reconnectez-vous.",
    ),
    "server_error": (500, "The server could not do this; try again.", "Le serveur n'a pas pu le faire ; réessayez."),
}


def error_json(code: str, detail: str | None = None, ref: Any = None) -> dict[str, Any]:
    """The error message for ``code`` (an unknown code is reported as ``server_error``)."""
    _status, english, french = ERRORS.get(code, ERRORS["server_error"])
    body: dict[str, Any] = {"type": "error", "code": code, "message": english, "message_fr": french}
    if detail:
        body["detail"] = detail
    if ref is not None:
        body["ref"] = ref
    return body


class ServiceError(Exception):
    """A refusal of the table service; the HTTP layer turns it into a status and an ``error`` body."""

    def __init__(self, code: str, detail: str | None = None, retry_after: int | None = None) -> None:
        super().__init__(code if detail is None else f"{code}: {detail}")
        self.code = code
        self.detail = detail
        self.retry_after = retry_after
        """Seconds before the same request may succeed (``rate_limited``): the ``Retry-After`` header."""

    @property
    def status(self) -> int:
        return ERRORS.get(self.code, ERRORS["server_error"])[0]

    def to_json(self) -> dict[str, Any]:
        body = error_json(self.code, self.detail)
        if self.retry_after is not None:
            body["retry_after"] = self.retry_after
        return body


def clean_name(raw: str) -> str:
    """A display name safe to show to everyone: what a person typed, minus what could harm the others.

    Control and format characters go (bidirectional overrides that reverse the rest of a line, zero-width
    characters, line breaks), runs of spaces become one, combining marks stack at most ``MAX_MARKS`` deep,
    and square brackets become parentheses, so that no name can open the style tags the log is written in
    (``[sorry]…[/sorry]``). The result may be empty; callers refuse that (``bad_name``).
    """
    out: list[str] = []
    marks = 0
    for char in unicodedata.normalize("NFC", raw):
        category = unicodedata.category(char)
        if category.startswith("Z") or char.isspace():
            char, category = " ", "Zs"
        elif category.startswith("C"):
            continue
        if category in ("Mn", "Me"):
            marks += 1
            if marks > MAX_MARKS or not out:
                continue
        else:
            marks = 0
        if char == " " and (not out or out[-1] == " "):
            continue
        out.append({"[": "(", "]": ")"}.get(char, char))
    return "".join(out).strip()


def clean_chat(raw: str) -> str:
    """A chat line safe to show to everyone: cleaned like a name (no control, bidirectional or zero-width
    characters, no line breaks, no stacked marks), then cut to ``CHAT_MAX`` characters. The page still shows
    it as text, never as HTML; the cleaning only keeps one person's line from disturbing the others' screens.
    """
    return clean_name(raw)[:CHAT_MAX].rstrip()


# -- HTTP request bodies ------------------------------------------------------------------------------------
class CreateTableRequest(BaseModel):
    """A new table. ``name`` seats its creator at seat 0 at once, as the host (the answer holds their token).

    Tables are private unless ``public``: joining needs the ``invite_code`` of the answer.
    """

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)
    game: str = Field(max_length=40, examples=["soon"])
    players: int = Field(ge=1, le=16, examples=[3])
    options: dict[str, Any] = Field(
        default_factory=dict, max_length=32, examples=[{"length": "express"}], description="see GET /api/games"
    )
    turn_seconds: float | None = Field(
        default=None, ge=1, le=86400, description="turn timer in seconds (1 to 86400); null: none"
    )
    stand_in: str = Field(
        default="easy", max_length=16, description="the level of the bot that plays for a late or gone player"
    )
    name: str | None = Field(
        default=None, min_length=1, max_length=NAME_INPUT_MAX, examples=["Alice"], description=NAME_HELP
    )
    public: bool = Field(default=False, description="listed by GET /api/tables and joinable without the code")


class JoinRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=NAME_INPUT_MAX, examples=["Alice"], description=NAME_HELP)
    invite: str | None = Field(
        default=None, max_length=64, description="the table's invite_code (not needed at a public table)"
    )
    seat: int | None = Field(default=None, ge=0, le=64, description="a free seat; null: the first free one")


class AddBotRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    level: str = Field(default="normal", max_length=16, examples=["easy"])
    seat: int | None = Field(default=None, ge=0, le=64, description="a free seat; null: the first free one")


# -- WebSocket messages from a client ---------------------------------------------------------------------
class HelloMessage(BaseModel):
    """Claim a seat with its token (omit the token to stay a spectator); ``events_from``: events held."""

    model_config = ConfigDict(extra="forbid")
    type: Literal["hello"]
    token: str | None = Field(default=None, max_length=200)
    events_from: int = Field(default=0, ge=0, le=1 << 31)
    lang: Literal["fr", "en"] | None = Field(
        default=None, description="ask for presentation data (``present``) in this language with each state"
    )


class ActMessage(BaseModel):
    """Take ``action`` (its JSON form, one of ``legal``) on the position at ``version``."""

    model_config = ConfigDict(extra="forbid")
    type: Literal["act"]
    action: Any
    version: int = Field(ge=-(1 << 53), le=1 << 53)
    ref: Annotated[str, Field(max_length=64)] | Annotated[int, Field(ge=-(1 << 53), le=1 << 53)] | None = Field(
        default=None, description="echoed in the error, if any"
    )


class PingMessage(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["ping"]


class ChatMessage(BaseModel):
    """A line of chat from a seated player, sent to everyone at the table (spectators read only)."""

    model_config = ConfigDict(extra="forbid")
    type: Literal["chat"]
    text: str = Field(min_length=1, max_length=CHAT_INPUT_MAX)


class ReactMessage(BaseModel):
    """A quick reaction (one of ``REACTIONS``) from a seated player, sent to everyone at the table."""

    model_config = ConfigDict(extra="forbid")
    type: Literal["react"]
    reaction: Reaction
