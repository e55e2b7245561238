"""Running the bot as a service: graceful stop on signals, start-up errors in one line,
/healthz and /metrics, and the HEALTHCHECK probe (``python -m bot.ops.probe``)."""
