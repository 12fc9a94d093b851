# The site's image: web (uvicorn, ASGI), Celery worker and beat all run from it (docker-compose.yml).
FROM python:3.11-slim

# platform/ is a source root (never a package); the repository root holds games/.
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PYTHONPATH=/app/platform:/app \
    DJANGO_SETTINGS_MODULE=config.settings \
    VAR_DIR=/app/var

WORKDIR /app

# The board pictures of turn e-mails are drawn with DejaVu (every Spanish and Vietnamese letter).
RUN apt-get update \
    && apt-get install -y --no-install-recommends fonts-dejavu-core \
    && rm -rf /var/lib/apt/lists/*

# Dependencies first, so a code change does not reinstall them.
COPY pyproject.toml README.md ./
COPY games/__init__.py games/__init__.py
RUN pip install . && pip uninstall -y tabletop

COPY . .
RUN pip install --no-deps . \
    && DEBUG=1 SECRET_KEY=collectstatic-only python manage.py collectstatic --noinput \
    && useradd --create-home --uid 1000 tabletop \
    && mkdir -p /app/var/mail && chown -R tabletop /app/var

USER tabletop
EXPOSE 8000

# Migrate on start, then serve HTTP and WebSockets. Worker and beat override the command.
# --timeout-keep-alive 75: longer than nginx keeps an idle upstream connection (60 s), so uvicorn
# never closes one nginx is about to reuse (a 502, "Connection reset by peer", under load).
# uvicorn trusts X-Forwarded-For only from FORWARDED_ALLOW_IPS: set it to the proxy's address.
# Trusting every address would let a client choose its own and dodge per-address log-in limits.
ENV FORWARDED_ALLOW_IPS=127.0.0.1
CMD ["sh", "-c", "python manage.py migrate --noinput && exec uvicorn config.asgi:application --app-dir platform --host 0.0.0.0 --port 8000 --proxy-headers --lifespan off --timeout-keep-alive 75"]
