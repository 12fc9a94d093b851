"""/api/schema/ is the OpenAPI document; /api/docs/ is Swagger UI from our own static files."""


def test_the_schema_lists_the_endpoints(api, db):
    response = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    schema = response.json()
    assert schema["openapi"].startswith("3.")
    for path in (
        "/api/me/",
        "/api/auth/token/",
        "/api/tables/",
        "/api/tables/{table_id}/join/",
        "/api/tables/{table_id}/leave/",
        "/api/tables/{table_id}/bot/",
        "/api/tables/{table_id}/start/",
        "/api/tables/{table_id}/cancel/",
        "/api/matches/{match_id}/",
        "/api/matches/{match_id}/actions/",
        "/api/matches/{match_id}/log/",
    ):
        assert path in schema["paths"], path
    assert "post" in schema["paths"]["/api/matches/{match_id}/actions/"]
    schemes = schema["components"]["securitySchemes"]
    assert {"cookieAuth", "tokenAuth"} <= set(schemes)


def test_the_schema_is_yaml_by_default(api, db):
    response = api.get("/api/schema/")
    assert response.status_code == 200 and b"openapi: 3." in response.content


def test_the_docs_page_renders_swagger_ui_from_our_static_files(api, db):
    page = api.get("/api/docs/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js" in html
    assert "/api/schema/" in html
    assert "cdn" not in html.lower() and "unpkg" not in html.lower()


def test_every_operation_documents_the_errors_any_of_them_may_answer(api, db):
    """429 (throttled) everywhere; 413 and 415 (the parsers) wherever a body is read: a POST
    with a body the parsers refuse answers a documented status (Schemathesis found one that
    did not: /api/me/vacation/ with a broken multipart body)."""
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    bodies = 0
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            if not isinstance(operation, dict) or "responses" not in operation:
                continue
            assert "429" in operation["responses"], (method, path)
            if "requestBody" in operation:
                bodies += 1
                assert {"413", "415"} <= set(operation["responses"]), (method, path)
    assert bodies >= 10
    assert "415" in schema["paths"]["/api/me/vacation/"]["post"]["responses"]
