"""The OpenAPI schema documents what the app really answers (issue 17, finding 9).

422s were documented in FastAPI's list shape while the app answers a string `detail`; 400, 403,
404 and 409 were missing; `/table/{id}` was documented as JSON and returns HTML.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ludoteca.web.server import create_app


@pytest.fixture(scope="module")
def schema(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    database = tmp_path_factory.mktemp("openapi") / "schema.db"
    result: dict[str, Any] = create_app(f"sqlite:///{database}").openapi()
    return result


def responses(schema: dict[str, Any], method: str, path: str) -> dict[str, Any]:
    result: dict[str, Any] = schema["paths"][path][method]["responses"]
    return result


@pytest.mark.parametrize(
    ("method", "path", "statuses"),
    [
        ("post", "/api/tables", {"201", "400", "413", "422"}),
        ("get", "/api/tables/{table_id}", {"200", "403", "404", "409", "422"}),
        ("post", "/api/tables/{table_id}/actions", {"200", "403", "404", "409", "413", "422"}),
        ("get", "/table/{table_id}/record.json", {"200", "404", "409", "422"}),
    ],
)
def test_json_routes_document_every_status_with_a_string_detail(
    schema: dict[str, Any], method: str, path: str, statuses: set[str]
) -> None:
    documented = responses(schema, method, path)
    assert set(documented) == statuses
    for status in statuses - {"200", "201"}:
        ref = documented[status]["content"]["application/json"]["schema"]["$ref"]
        body = schema["components"]["schemas"][ref.rsplit("/", 1)[1]]
        assert body["properties"]["detail"]["type"] == "string"


def test_pages_are_documented_as_html(schema: dict[str, Any]) -> None:
    page = responses(schema, "get", "/table/{table_id}")
    assert set(page) == {"200", "403", "404", "409", "422"}
    assert all(set(answer["content"]) == {"text/html"} for answer in page.values())
    svg = responses(schema, "get", "/table/{table_id}/replay/{step}.svg")
    assert set(svg["200"]["content"]) == {"image/svg+xml"}


@pytest.mark.slow  # a bounded, seeded schemathesis run of the JSON API: about 20 s
@pytest.mark.sqlite_only  # the schema, not the storage
def test_the_api_conforms_to_its_schema_under_schemathesis(tmp_path: Path) -> None:
    schemathesis = pytest.importorskip("schemathesis")
    from hypothesis import HealthCheck, given, settings
    from schemathesis import checks

    app = create_app(f"sqlite:///{tmp_path / 'fuzz.db'}", bot_delay=0.0)
    api = schemathesis.openapi.from_asgi("/openapi.json", app).include(path_regex="^/api/")
    chosen = [
        checks.not_a_server_error,
        checks.status_code_conformance,
        checks.content_type_conformance,
        checks.response_schema_conformance,
    ]
    failures, tried = [], []
    for result in api.get_all_operations():
        operation = result.ok()
        tried.append(operation.label)

        @given(case=operation.as_strategy())
        @settings(
            max_examples=25,
            derandomize=True,
            deadline=None,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
        def check(case: Any) -> None:
            case.call_and_validate(checks=chosen)

        try:
            check()
        except Exception as exc:  # collected so that every operation is tried
            failures.append(f"{operation.label}: {exc}")
    documented = {
        f"{method.upper()} {path}"
        for path, operations in app.openapi()["paths"].items()
        if path.startswith("/api/")
        for method in operations
    }
    assert set(tried) == documented and len(tried) >= 15  # every JSON operation of /api/
    assert not failures, "\n\n".join(failures)
