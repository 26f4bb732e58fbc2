"""Shapes of the API's requests and answers."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games import engine_adapter as engine
from games import spectating
from games.models import FINISHED, Game
from games.player_names import player_name
from games.protocol import MAX_CLIENT_INT, ProtocolError, check_command_shape
from games.services import hooks


class CredentialsSerializer(serializers.Serializer):
    username = serializers.CharField(min_length=1, max_length=150)
    password = serializers.CharField(min_length=1, max_length=128, style={"input_type": "password"})


class UserSerializer(serializers.Serializer):
    username = serializers.CharField(allow_null=True)
    authenticated = serializers.BooleanField(required=False)


class GameCreateSerializer(serializers.Serializer):
    scenario = serializers.CharField()
    side = serializers.CharField()
    seats_per_side = serializers.IntegerField(required=False, default=1, min_value=1, max_value=4)
    options = serializers.DictField(
        required=False,
        help_text='{"double_blind": bool, "optional_rules": [names], "spectators": '
        '"public"|"coach"|"after_end"|"none", "private": bool}; each has a default',
    )


class JoinSerializer(serializers.Serializer):
    side = serializers.CharField()


class CommandSerializer(serializers.Serializer):
    id = serializers.IntegerField(
        min_value=0, max_value=MAX_CLIENT_INT, help_text="the client's command id, unique per seat"
    )
    v = serializers.IntegerField(
        min_value=0, max_value=MAX_CLIENT_INT, help_text="the game version the command is based on"
    )
    command = serializers.DictField()

    def validate_command(self, command: dict) -> dict:
        """The same shape the socket checks: an object with a string `type`."""
        try:
            check_command_shape(command)
        except ProtocolError as exc:
            raise serializers.ValidationError(exc.message) from None
        return command


def hides_units(game: Game) -> bool:
    """Whether a game keeps each side's counters from the others (double blind, hidden
    units, limited intelligence): then a seat's unit ids are its own side's business."""
    return engine.hidden_information(game.scenario, engine.game_options(game.options or {}))


class SeatSerializer(serializers.Serializer):
    """A seat; its units are listed to everyone in an open game, and in a hidden-information
    game only to its own side (context `side`: the viewer's side, or the side they coach)."""

    id = serializers.CharField(source="seat_id")
    side = serializers.CharField(source="side.side_id")
    user = serializers.SerializerMethodField()
    units = serializers.SerializerMethodField()
    stand_in = serializers.SerializerMethodField(
        help_text="the bot level the seat's player chose to stand in for them while away, where "
        "an opponent may call it (an untimed game); null otherwise"
    )

    def get_user(self, seat: Any) -> str | None:
        return player_name(seat.user) if seat.user_id else None

    def get_stand_in(self, seat: Any) -> str | None:
        return hooks.stand_in_for(seat)

    def get_units(self, seat: Any) -> list[str]:
        if seat.side.side_id != self.context.get("side") and hides_units(seat.game):
            return []
        return list(seat.units)


class SideSerializer(serializers.Serializer):
    id = serializers.CharField(source="side_id")
    name = serializers.CharField()


class GameSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    scenario = serializers.CharField()
    status = serializers.CharField()
    version = serializers.SerializerMethodField(
        help_text="the version this viewer may see: a delayed public's is behind the game's"
    )
    options = serializers.DictField()
    seats_per_side = serializers.IntegerField()
    sides = serializers.SerializerMethodField()
    seats = serializers.SerializerMethodField()
    commitment = serializers.CharField()
    seed = serializers.SerializerMethodField(help_text="published once the game has ended")
    result = serializers.JSONField(allow_null=True)
    created_by = serializers.SerializerMethodField()
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)

    @extend_schema_field(OpenApiTypes.INT)
    def get_version(self, game: Game) -> int:
        """The game's version for its players (context `side`, or `seated`: the ids of the
        games the viewer sits in); for anyone else, what the public is shown
        (spectating.shown_version: a spectator delay behind while the game is played)."""
        if self.context.get("side") is not None or game.pk in self.context.get("seated", ()):
            return game.version
        return spectating.shown_version(game)

    def get_sides(self, game: Game) -> list[dict]:
        seats = list(game.seats.all())
        out = []
        for side in game.sides.all():
            out.append(
                {
                    "id": side.side_id,
                    "name": side.name,
                    "seats": SeatSerializer(
                        [s for s in seats if s.side_id == side.pk], many=True, context=self.context
                    ).data,
                }
            )
        return out

    def get_seats(self, game: Game) -> list[dict]:
        return SeatSerializer(game.seats.all(), many=True, context=self.context).data

    def get_seed(self, game: Game) -> str | None:
        return game.seed if game.status == FINISHED else None

    def get_created_by(self, game: Game) -> str | None:
        return player_name(game.created_by) if game.created_by_id else None
