"""The site's frame: the home page, the language switcher, ``/healthz``, the ``make run``
commands, and the helpers every app shares (text, sentences, dates, outages, outbound calls).

``templates/`` and ``static/`` are served by the site itself (htmx from django-htmx, no CDN).
The icons in ``static/icons/`` are ours, drawn as SVG and rasterised once by
``python -m games.core.artwork.make_icons`` (the PNGs and ``favicon.ico`` are committed);
``app.py`` serves ``/favicon.ico`` and the web app manifest. ``static/css/site.css`` starts
with the colour tokens (light and dark, player colours with their ink, highlight, legal
target) that the pages and the boards share; the theme is a cookie (``theme.py``). The header
keeps to one line: below 72rem the first link stays and the others, the language and the
colours fold into a ``<details>`` menu (``templates/includes/site_links.html``,
``site_tools.html``). ``locale/`` holds the es and it catalogues.
"""
