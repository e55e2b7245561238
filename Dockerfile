# The bot in a container: `docker compose up` (compose.yaml) runs it with PostgreSQL;
# alone, `docker run --env-file .env -v debertz-data:/data IMAGE` keeps SQLite in /data.
# tests/ops/test_dockerfile.py runs the `pip install` and the CMD of this file in a fresh
# venv: keep them one line each.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /src
# setup.py compiles the engine's fast paths with mypyc where a C compiler is at hand; this
# slim image has none, so they install as the plain Python they also are (same results,
# slower search: README, "Computer players").
COPY pyproject.toml setup.py README.md ./
COPY engine ./engine
COPY bot ./bot
COPY migrations ./migrations
RUN pip install .

RUN useradd --system --create-home --uid 10001 debertz \
    && mkdir /data \
    && chown debertz /data

# The installed package runs, not the sources: the bot's working directory is its data.
WORKDIR /data
USER debertz
VOLUME /data

# SQLite in the volume unless DATABASE_URL says otherwise (compose.yaml: PostgreSQL).
# /healthz and /metrics in polling mode; in webhook mode they are on WEBHOOK_PORT.
ENV DATABASE_URL=sqlite+aiosqlite:////data/debertz.sqlite3 \
    HEALTH_HOST=0.0.0.0 \
    HEALTH_PORT=8090 \
    WEBHOOK_HOST=0.0.0.0 \
    WEBHOOK_PORT=8080
EXPOSE 8080 8090

# SIGTERM stops the bot gracefully within 10 s, docker stop's default wait.
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
    CMD ["python", "-m", "bot.ops.probe"]
CMD ["python", "-m", "bot"]
