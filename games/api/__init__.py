"""The REST API (v1): the same services as the pages, for programs and bots.

``/api/v1/`` serves JSON only; ``/api/schema/`` is its OpenAPI 3 description and
``/api/docs/`` a documentation page that loads nothing from outside the site.
"""
