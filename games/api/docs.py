"""The OpenAPI schema (JSON unless ``?format=yaml``) and its Swagger UI page, served locally.

The page follows the site's Content-Security-Policy: its script is a separate request
(``?script``) and its styles are files, so nothing inline and nothing from another host.
"""

from __future__ import annotations

from drf_spectacular.renderers import (
    OpenApiJsonRenderer,
    OpenApiJsonRenderer2,
    OpenApiYamlRenderer,
    OpenApiYamlRenderer2,
)
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView
from rest_framework.permissions import AllowAny


class SchemaView(SpectacularAPIView):
    renderer_classes = [
        OpenApiJsonRenderer, OpenApiJsonRenderer2, OpenApiYamlRenderer, OpenApiYamlRenderer2,
    ]  # fmt: skip
    permission_classes = [AllowAny]


class DocsView(SpectacularSwaggerSplitView):
    template_name = "api/docs.html"
    url_name = "api:schema"
    permission_classes = [AllowAny]
    title = "Partida API"
