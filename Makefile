# One command per chore; each is a plain script in scripts/ (the real implementation).
# `make test ARGS="tests/games -x"` passes arguments on to pytest.

.PHONY: run test lint typecheck bench migrate worker beat outbox mail-in install demo messages

run:  ## install if needed, migrate, create demo accounts, serve http://127.0.0.1:8000
	scripts/run.sh

test:  ## the whole suite against PostgreSQL and Redis (DATABASE_URL / REDIS_URL override)
	scripts/test.sh $(ARGS)

lint:  ## ruff check + ruff format --check + lint-imports (import-linter contracts)
	scripts/lint.sh

typecheck:  ## mypy --strict on games/, mypy with django-stubs on platform/
	scripts/typecheck.sh

bench:  ## engine self-play timings and the scripts in bench/
	scripts/bench.sh

messages:  ## refresh locale/ (es, vi) from the code and compile it (needs gettext; docs/i18n.md)
	scripts/messages.sh

install:  ## create .venv and install the project (skipped when up to date)
	scripts/install.sh

migrate: install
	.venv/bin/python manage.py migrate --noinput

demo: install  ## (re)create the verified demo accounts
	.venv/bin/python manage.py demo_accounts

worker: install  ## a Celery worker (needs REDIS_URL; without it tasks run eagerly in the web process)
	.venv/bin/celery -A config worker --loglevel=info

beat: install  ## Celery beat: move clocks and matchmaking (needs REDIS_URL)
	mkdir -p var && .venv/bin/celery -A config beat --loglevel=info --schedule var/celerybeat-schedule

outbox: install  ## the outbox worker: after-commit work the web process could not finish
	.venv/bin/python manage.py outbox_work

mail-in: install  ## the inbound SMTP server for reply e-mails (moves by e-mail; MAIL_IN_PORT, 2525)
	.venv/bin/python manage.py mail_in
