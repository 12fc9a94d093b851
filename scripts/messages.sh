#!/usr/bin/env bash
# Refresh the site's catalogues (locale/<lang>/LC_MESSAGES/django.po and djangojs.po) from the
# templates, the Python code and static/js, then compile them to the .mo files the site reads
# (committed, so a fresh clone needs no gettext tools). docs/i18n.md: translate the new empty
# msgstr entries, run this again, commit the .po and .mo together.
# Needs GNU gettext (xgettext, msgmerge, msgfmt: `apt-get install gettext`).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install.sh
export DEBUG="${DEBUG:-1}"  # only to load the settings without a SECRET_KEY
python=".venv/bin/python"
# games/ has its own catalogue (games/core/words.py); tests and benches are not shown to people.
ignore=(--ignore=.venv --ignore=var --ignore=games --ignore=tests --ignore=bench
        --ignore=deploy --ignore=docs --ignore=node_modules --ignore=locale_allauth)
# Templates include the SVG ones (the rating chart), which makemessages skips by default.
"$python" manage.py makemessages -l es -l vi --no-location --no-obsolete -e html,txt,py,svg \
  "${ignore[@]}"
"$python" manage.py makemessages -d djangojs -l es -l vi --no-location --no-obsolete "${ignore[@]}"
# No creation date in the headers: it changes on every run, and two branches that both ran this
# would conflict on that line alone.
sed -i '/^"POT-Creation-Date: /d' locale/*/LC_MESSAGES/*.po
"$python" manage.py compilemessages --ignore=.venv --ignore=var --ignore=games
