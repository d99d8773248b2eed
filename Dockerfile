# A chatdealer worker: `docker build -t chatdealer .`, then run it with DISCORD_TOKEN or
# TELEGRAM_TOKEN and REDIS_URL (see compose.yaml and docs/deploying.md).
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
RUN useradd --create-home --uid 10001 --shell /usr/sbin/nologin chatdealer
WORKDIR /opt/chatdealer
COPY pyproject.toml README.md LICENSE ./
COPY chatdealer ./chatdealer
COPY adapters ./adapters
RUN pip install '.[discord,telegram]' && rm -rf /root/.cache

USER chatdealer
ENV XDG_DATA_HOME=/home/chatdealer/.local/share
# Healthy while the worker's Redis answers and keeps its data (chatdealer doctor exits 0).
HEALTHCHECK --interval=30s --timeout=10s --start-period=20s --retries=3 \
  CMD chatdealer doctor > /dev/null || exit 1
CMD ["chatdealer", "discord"]
