"""The OpenAPI schema: every operation lists every refusal it can answer, in one shape.

Rather than repeating ``400``, ``401``, ``429``… on every view, this ``AutoSchema`` adds them from
what the operation has (a body, query or path parameters, required authentication); a view
names its own extra ones (``409``, ``422``…) in ``error_statuses``.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.openapi import AutoSchema

from games.api.errors import DESCRIPTIONS, ErrorSerializer

UNSAFE = {"POST", "PUT", "PATCH", "DELETE"}


class ApiAutoSchema(AutoSchema):
    def get_operation(self, *args: Any, **kwargs: Any) -> dict[str, Any] | None:
        operation = super().get_operation(*args, **kwargs)
        if operation is None:
            return None
        for status in sorted(self._error_statuses(operation)):
            if str(status) not in operation["responses"]:
                response = self._get_response_for_code(ErrorSerializer, str(status))
                response["description"] = str(DESCRIPTIONS[status])
                operation["responses"][str(status)] = response
        return operation

    def _error_statuses(self, operation: dict[str, Any]) -> set[int]:
        statuses = {406, 429}
        places = {p.get("in") for p in operation.get("parameters", [])}
        if "requestBody" in operation:
            statuses |= {400, 415}
        if "query" in places:
            statuses.add(400)
        if "path" in places:
            statuses.add(404)
        security = operation.get("security", [])
        if security and {} not in security:
            statuses |= {401, 403}
        if self.method in UNSAFE:
            statuses.add(403)  # a session without its CSRF token
            statuses.add(503)  # a change whose consequences could not be recorded
        extra = getattr(self.view, "error_statuses", {})
        statuses |= set(extra.get(self.method, ()) if isinstance(extra, dict) else extra)
        return statuses
