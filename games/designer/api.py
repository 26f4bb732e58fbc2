"""The designer's REST API (/api/v1/designer/...): drafts, the check, publishing, Try it,
export and import of documents, reports, hiding, boards and the catalogue of battles.

Every refusal reads {"code", "message"} with the field named in the message; nothing is
written by a refused request. A draft is seen by its designer only; a hidden scenario by its
designer and the moderators.
"""

from __future__ import annotations

import json
from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.parsers import MultiPartParser
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.parsers import StrictJSONParser
from games.player_names import player_name
from games.rules import registry
from games.rules.common.faces import side_colours
from games.services.errors import ServiceError
from games.textcheck import whole_number
from games.throttles import CheckThrottle, WriteThrottle

from . import catalogue, library, services, tasks
from .models import Board, Revision, Scenario

DocumentBody = inline_serializer("DesignerDocument", {
    "ruleset": serializers.ChoiceField(choices=sorted(registry.RULESETS)),
    "document": serializers.DictField(help_text="the ruleset's scenario document"),
})
Problems = inline_serializer("DesignerProblems", {
    "problems": inline_serializer("DesignerProblem", {
        "field": serializers.CharField(), "hex": serializers.CharField(allow_null=True),
        "rule": serializers.CharField(), "message": serializers.CharField(),
    }, many=True),
})


def _error(exc: ServiceError) -> Response:
    return Response(exc.to_json(), status=exc.status)


def _refused(code: str, message: str, status_code: int = 400) -> Response:
    return Response({"code": code, "message": message}, status=status_code)


def _scenario(slug: str, user: Any) -> Scenario | Response:
    row = Scenario.objects.filter(slug=slug).select_related("author").first()
    if row is None or not library.may_see(row, user):
        return _refused("designer/none", f"no scenario {slug!r}", 404)
    return row


def _revision_json(rev: Revision, with_document: bool = False) -> dict:
    out = {"number": rev.number, "state": "draft" if rev.is_draft else "published",
           "publishing": rev.publishing, "published_at": rev.published_at,
           "play_id": rev.engine_id,
           "revision": rev.revision, "problems": rev.problems, "bot_game": rev.bot_game}
    if with_document:
        out["document"] = rev.document
    return out


def scenario_json(scenario: Scenario, user: Any) -> dict:
    """A scenario as the API shows it to `user`: the draft (with its document) only to its
    designer."""
    mine = scenario.author_id is not None and scenario.author_id == getattr(user, "pk", None)
    revisions = [r for r in scenario.revisions.order_by("number") if mine or not r.is_draft]
    return {
        "id": scenario.slug, "ruleset": scenario.ruleset, "title": scenario.title,
        "author": player_name(scenario.author),
        "bundled": scenario.bundled, "state": scenario.state, "mine": mine,
        "revisions": [_revision_json(r, with_document=mine and r.is_draft) for r in revisions],
    }


def _body(request: Request) -> tuple[str, Any] | Response:
    """(ruleset, document) of a JSON body or of an uploaded file (`file`, `ruleset`)."""
    data = request.data
    upload = request.FILES.get("file") if hasattr(request, "FILES") else None
    if upload is not None:
        if upload.size > services.MAX_DOCUMENT_BYTES:
            return _refused("designer/too_large", f"file: {upload.size} bytes, more than the "
                            f"limit of {services.MAX_DOCUMENT_BYTES}", 413)
        try:
            document = json.loads(upload.read().decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
            return _refused("designer/not_json", f"file: not a JSON document ({exc})"[:300])
    else:
        if not isinstance(data, dict):
            return _refused("request/invalid", "expected an object with ruleset and document")
        document = data.get("document")
    ruleset = data.get("ruleset") if hasattr(data, "get") else None
    if not isinstance(ruleset, str) or ruleset not in registry.RULESETS:
        return _refused("designer/unknown_ruleset", f"ruleset: one of "
                        f"{', '.join(sorted(registry.RULESETS))}, not {ruleset!r}"[:300])
    return ruleset, document


class CheckView(APIView):
    # Signed in (a guest will do: the designer's pages need a name), and its own rate: a
    # large document takes a second or more to check.
    permission_classes = [IsAuthenticated]
    throttle_classes = [WriteThrottle, CheckThrottle]
    parser_classes = [StrictJSONParser]  # the designer's page sends JSON; uploads are drafts

    @extend_schema(request=DocumentBody, responses={200: Problems},
                   summary="Check a scenario document (nothing is stored)")
    def post(self, request: Request) -> Response:
        got = _body(request)
        if isinstance(got, Response):
            return got
        ruleset, document = got
        try:
            services.check_size(document)
        except ServiceError as exc:
            return _error(exc)
        rs = registry.ruleset(ruleset)
        try:
            drawn = rs.document_map(document)
        except ValueError:
            drawn = None  # the problems say why the boards cannot be laid out
        sides = document.get("sides") if isinstance(document, dict) else None
        pairs = [(str(x.get("id")), str(x.get("nationality"))) for x in sides
                 if isinstance(x, dict)] if isinstance(sides, list) else []
        return Response({"problems": rs.check_scenario(document), "map": drawn,
                         "faces": {"sides": side_colours(pairs[:8])}})


# Every designer operation that names a ruleset takes one of the registry's ids.
RULESET_PARAMETER = OpenApiParameter("ruleset", str, required=True, enum=sorted(registry.RULESETS))


class CountersView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(parameters=[RULESET_PARAMETER],
                   responses={200: OpenApiTypes.OBJECT},
                   summary="Every counter type of a ruleset, as the board draws it, and the "
                           "aircraft its air support may fly")
    def get(self, request: Request) -> Response:
        ruleset = request.query_params.get("ruleset")
        if ruleset not in registry.RULESETS:
            return _refused("designer/unknown_ruleset", "ruleset: unknown ruleset")
        rs = registry.ruleset(ruleset)
        return Response({"counters": rs.counter_catalogue(), "aircraft": rs.aircraft_catalogue()})


class ScenarioListView(APIView):
    parser_classes = [StrictJSONParser, MultiPartParser]

    def get_permissions(self) -> list:
        return [AllowAny()] if self.request.method == "GET" else [IsAuthenticated()]

    @extend_schema(parameters=[OpenApiParameter("mine", OpenApiTypes.BOOL)],
                   responses={200: OpenApiTypes.OBJECT}, operation_id="designer_scenarios_list",
                   summary="My scenarios (mine=1) or every published one")
    def get(self, request: Request) -> Response:
        if request.query_params.get("mine") and request.user.is_authenticated:
            rows = Scenario.objects.filter(author=request.user)
        else:
            rows = catalogue.visible_scenarios(request.user)
        return Response({"scenarios": [scenario_json(s, request.user)
                                       for s in rows.select_related("author")]})

    @extend_schema(request=DocumentBody, responses={201: OpenApiTypes.OBJECT},
                   summary="Save a document as a draft (import: JSON body or a file upload)")
    def post(self, request: Request) -> Response:
        got = _body(request)
        if isinstance(got, Response):
            return got
        ruleset, document = got
        try:
            draft = services.draft_save(author=request.user, ruleset_id=ruleset,
                                        document=document)
        except ServiceError as exc:
            return _error(exc)
        return Response(scenario_json(draft.scenario, request.user),
                        status=status.HTTP_201_CREATED)


class BlankView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(parameters=[RULESET_PARAMETER,
                               OpenApiParameter("columns", {"type": "integer", "minimum": 2,
                                                            "maximum": 26, "multipleOf": 2}),
                               OpenApiParameter("rows", {"type": "integer", "minimum": 1,
                                                         "maximum": 40})],
                   responses={200: OpenApiTypes.OBJECT},
                   summary="A new document on one blank board of a chosen size")
    def get(self, request: Request) -> Response:
        ruleset = request.query_params.get("ruleset")
        if ruleset not in registry.RULESETS:
            return _refused("designer/unknown_ruleset", "ruleset: unknown ruleset")
        columns = whole_number(request.query_params.get("columns", "12"))
        rows = whole_number(request.query_params.get("rows", "10"))
        if columns is None or rows is None:
            return _refused("request/invalid", "columns and rows: whole numbers")
        if not (2 <= columns <= 26 and columns % 2 == 0 and 1 <= rows <= 40):
            return _refused("request/invalid", "columns: even, 2 to 26; rows: 1 to 40")
        return Response(registry.ruleset(ruleset).blank_document(columns, rows))


class ScenarioDetailView(APIView):
    def get_permissions(self) -> list:
        return [AllowAny()] if self.request.method == "GET" else [IsAuthenticated()]

    @extend_schema(responses={200: OpenApiTypes.OBJECT}, summary="A scenario and its revisions")
    def get(self, request: Request, slug: str) -> Response:
        row = _scenario(slug, request.user)
        return row if isinstance(row, Response) else Response(scenario_json(row, request.user))

    @extend_schema(request=DocumentBody, responses={200: OpenApiTypes.OBJECT},
                   summary="Save the draft (a new draft after a published revision)")
    def put(self, request: Request, slug: str) -> Response:
        row = _scenario(slug, request.user)
        if isinstance(row, Response):
            return row
        document = request.data.get("document") if isinstance(request.data, dict) else None
        try:
            services.draft_update(scenario=row, user=request.user, document=document)
        except ServiceError as exc:
            return _error(exc)
        return Response(scenario_json(row, request.user))

    @extend_schema(responses={204: None}, summary="Throw the draft away")
    def delete(self, request: Request, slug: str) -> Response:
        row = _scenario(slug, request.user)
        if isinstance(row, Response):
            return row
        try:
            services.draft_discard(scenario=row, user=request.user)
        except ServiceError as exc:
            return _error(exc)
        return Response(status=status.HTTP_204_NO_CONTENT)


class PublishView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={202: OpenApiTypes.OBJECT},
                   summary="Publish the draft: the check passes now, and the worker plays a "
                           "bot game of it (the draft reads publishing: checking until then)")
    def post(self, request: Request, slug: str) -> Response:
        row = _scenario(slug, request.user)
        if isinstance(row, Response):
            return row
        try:
            tasks.ask_to_publish(scenario=row, user=request.user)
        except ServiceError as exc:
            return _error(exc)
        return Response(scenario_json(row, request.user), status=status.HTTP_202_ACCEPTED)


class TryView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=inline_serializer("DesignerTry", {
        "side": serializers.CharField(required=False,
                                      help_text="your side; not with watch"),
        "watch": serializers.BooleanField(required=False, help_text=(
            "true: bots on every side, and you watch (bot against bot)")),
        "level": serializers.CharField(required=False)}),
        responses={201: OpenApiTypes.OBJECT},
        summary="Try the draft against a bot, or watch bots play it")
    def post(self, request: Request, slug: str) -> Response:
        row = _scenario(slug, request.user)
        if isinstance(row, Response):
            return row
        data = request.data if isinstance(request.data, dict) else {}
        watch, level = data.get("watch", False), data.get("level", "recruit")
        if not isinstance(watch, bool):
            return _refused("request/invalid", "watch: true or false")
        try:
            game = (services.watch_draft(scenario=row, user=request.user, level=level)
                    if watch else
                    services.try_draft(scenario=row, user=request.user, side=data.get("side"),
                                       level=level))
        except ServiceError as exc:
            return _error(exc)
        return Response({"game": str(game.pk), "url": f"/games/{game.pk}/"},
                        status=status.HTTP_201_CREATED)


class ExportView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(parameters=[OpenApiParameter("revision", int)],
                   responses={200: OpenApiTypes.OBJECT},
                   summary="Download a revision's document (the latest published by default)")
    def get(self, request: Request, slug: str) -> Response:
        row = _scenario(slug, request.user)
        if isinstance(row, Response):
            return row
        mine = row.author_id is not None and row.author_id == request.user.pk
        revisions = row.revisions.all() if mine else row.revisions.filter(
            published_at__isnull=False)
        wanted = request.query_params.get("revision")
        if wanted and whole_number(wanted) is None:
            return _refused("request/invalid", "revision: a whole number")
        rev = (revisions.filter(number=whole_number(wanted)).first() if wanted
               else library.latest_published(row) or (revisions.first() if mine else None))
        if rev is None:
            return _refused("designer/none", f"no such revision of {slug!r}", 404)
        response = Response(rev.document)
        response["Content-Disposition"] = f'attachment; filename="{slug}.r{rev.number}.json"'
        return response


class ReportView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=inline_serializer("DesignerReport", {
        "reason": serializers.CharField()}), responses={201: None},
        summary="Report a scenario to the moderators")
    def post(self, request: Request, slug: str) -> Response:
        row = _scenario(slug, request.user)
        if isinstance(row, Response):
            return row
        reason = request.data.get("reason") if isinstance(request.data, dict) else None
        try:
            services.report(scenario=row, user=request.user, reason=reason)
        except ServiceError as exc:
            return _error(exc)
        return Response({"reported": True}, status=status.HTTP_201_CREATED)


class HideView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=inline_serializer("DesignerHide", {
        "hidden": serializers.BooleanField(required=False),
        "reason": serializers.CharField(required=False)}), responses={200: OpenApiTypes.OBJECT},
        summary="A moderator hides a scenario (or shows it again)")
    def post(self, request: Request, slug: str) -> Response:
        row = _scenario(slug, request.user)
        if isinstance(row, Response):
            return row
        data = request.data if isinstance(request.data, dict) else {}
        hidden = data.get("hidden", True)
        reason = data.get("reason", "")
        if not isinstance(hidden, bool) or not isinstance(reason, str):
            return _refused("request/invalid", "hidden: true or false; reason: text")
        try:
            services.hide(scenario=row, by=request.user, reason=reason, hidden=hidden)
        except ServiceError as exc:
            return _error(exc)
        return Response(scenario_json(row, request.user))


# The REST catalogue takes the filters the battles page offers (catalogue.FILTERS), and
# "true"/"false" for team play; a value it does not know is refused with the filter named,
# where the page reads it as "any" (a link may be old; a client's typo should show).
TEAM_VALUES = {"1": True, "true": True, "0": False, "false": False}
CATALOGUE_FILTERS = {**{k: [v for v, _ in choices if v] for k, choices in catalogue.FILTERS.items()
                        if k != "team"}, "team": sorted(TEAM_VALUES)}


class CatalogueView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(parameters=[*(OpenApiParameter(n, str, enum=values)
                                 for n, values in CATALOGUE_FILTERS.items()),
                               OpenApiParameter("year", str, pattern=r"^\d{4}$",
                                                description="the year the battle was fought")],
                   responses={200: OpenApiTypes.OBJECT}, summary="The catalogue of battles")
    def get(self, request: Request) -> Response:
        q = request.query_params
        for name, values in CATALOGUE_FILTERS.items():
            if q.get(name) and q[name] not in values:
                return _refused("catalogue/unknown_filter",
                                f"{name}: one of {', '.join(values)}, not {q[name]!r}"[:300])
        year = q.get("year", "")
        if year and not (len(year) == 4 and whole_number(year) is not None):
            return _refused("catalogue/unknown_filter", f"year: four digits, not {year!r}"[:300])
        return Response({"battles": catalogue.cards(
            ruleset=q.get("ruleset") or None, origin=q.get("origin") or None,
            size=q.get("size") or None, length=q.get("length") or None,
            team=TEAM_VALUES.get(q.get("team", "")), front=q.get("front") or None,
            year=year or None, user=request.user)})


class BoardListView(APIView):
    def get_permissions(self) -> list:
        return [AllowAny()] if self.request.method == "GET" else [IsAuthenticated()]

    @extend_schema(parameters=[OpenApiParameter("ruleset", str)],
                   responses={200: OpenApiTypes.OBJECT},
                   summary="Boards to build on: the bundled ones and my own")
    def get(self, request: Request) -> Response:
        rows = Board.objects.filter(bundled=True)
        if request.user.is_authenticated:
            rows = rows | Board.objects.filter(author=request.user)
        if request.query_params.get("ruleset"):
            rows = rows.filter(ruleset=request.query_params["ruleset"])
        return Response({"boards": [
            {"id": b.board_id, "ruleset": b.ruleset, "name": b.name, "bundled": b.bundled,
             "drawing": b.drawing} for b in rows.order_by("ruleset", "board_id")]})

    @extend_schema(request=inline_serializer("DesignerBoard", {
        "ruleset": serializers.CharField(), "drawing": serializers.JSONField()}),
        responses={201: OpenApiTypes.OBJECT}, summary="Keep a board for other scenarios")
    def post(self, request: Request) -> Response:
        data = request.data if isinstance(request.data, dict) else {}
        try:
            board = services.board_save(author=request.user, ruleset_id=data.get("ruleset"),
                                        drawing=data.get("drawing"))
        except ServiceError as exc:
            return _error(exc)
        return Response({"id": board.board_id, "ruleset": board.ruleset, "name": board.name},
                        status=status.HTTP_201_CREATED)
