"""The monitoring files of the compose stack (docs/operations.md, "Metrics"): Prometheus's
configuration and alert rules pass promtool (its checks and the rules' unit tests), the
dashboard shows every figure the site exports, and compose runs pinned official images."""

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
PROMETHEUS = ROOT / "deploy" / "prometheus"
DASHBOARD = ROOT / "deploy" / "grafana" / "dashboards" / "tabletop.json"
NAMES = re.compile(r'"(tabletop_[a-z_]+)"')


def _exported() -> set[str]:
    """Every figure's name as defined in the code (counters get `_total` in the format)."""
    names = set()
    for path in ("platform/shared/metrics.py", "platform/config/site_metrics.py"):
        text = (ROOT / path).read_text()
        for name in NAMES.findall(text):
            counter = f'Counter(\n    "{name}"' in text or f'Counter("{name}"' in text
            names.add(f"{name}_total" if counter else name)
    return names


def test_the_dashboard_shows_every_exported_figure():
    exprs = " ".join(
        t["expr"] for p in json.loads(DASHBOARD.read_text())["panels"] for t in p["targets"]
    )
    missing = {n for n in _exported() if n not in exprs and n != "tabletop_site_figures_up"}
    assert not missing
    assert "tabletop_http_requests_total" in _exported()


def test_compose_runs_pinned_official_monitoring_images():
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    services = compose["services"]
    assert re.fullmatch(r"prom/prometheus:v\d+\.\d+\.\d+", services["prometheus"]["image"])
    assert re.fullmatch(r"grafana/grafana:\d+\.\d+\.\d+", services["grafana"]["image"])
    for name in ("prometheus", "grafana"):
        assert all(p.startswith("127.0.0.1:") for p in services[name]["ports"])
    assert "metrics_token" in compose["secrets"]
    assert "ports" not in services["web"]  # /metrics is reached on the compose network only


@pytest.mark.skipif(shutil.which("promtool") is None, reason="promtool not installed")
def test_promtool_accepts_the_config_and_the_rules_fire_as_tested(tmp_path):
    config = (PROMETHEUS / "prometheus.yml").read_text()
    (tmp_path / "token").write_text("a-token-for-promtool")
    (tmp_path / "prometheus.yml").write_text(
        config.replace("/run/secrets/metrics_token", str(tmp_path / "token"))
    )
    shutil.copy(PROMETHEUS / "alerts.yml", tmp_path / "alerts.yml")
    for command in (
        ["promtool", "check", "config", str(tmp_path / "prometheus.yml")],
        ["promtool", "test", "rules", str(PROMETHEUS / "alerts_test.yml")],
    ):
        done = subprocess.run(command, capture_output=True, text=True, cwd=PROMETHEUS)
        assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.skipif(shutil.which("docker-compose") is None, reason="docker-compose not installed")
def test_compose_validates_its_file_against_the_compose_schema(tmp_path):
    """Debian's docker-compose (1.29, .ci/run installs it) checks the whole file against the
    compose schema, variables and references included. It predates secrets taken from the
    environment (compose 2.23), so that one secret is read from a file for this check."""
    text = (ROOT / "docker-compose.yml").read_text()
    assert "    environment: METRICS_TOKEN\n" in text
    (tmp_path / "token").write_text("a-token-for-the-check")
    checked = tmp_path / "docker-compose.yml"
    checked.write_text(text.replace("    environment: METRICS_TOKEN\n", "    file: ./token\n"))
    for path in ("deploy", "Dockerfile", ".env.example"):
        (tmp_path / path).symlink_to(ROOT / path)
    env = {"PATH": "/usr/bin:/bin", "SECRET_KEY": "x" * 50, "METRICS_TOKEN": "t" * 20}
    env["GRAFANA_ADMIN_PASSWORD"] = "a-password"
    done = subprocess.run(
        ["docker-compose", "-f", str(checked), "config", "--services"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    services = set(done.stdout.split())
    assert {
        "web",
        "sockets",
        "worker-mail",
        "beat",
        "outbox",
        "proxy",
        "prometheus",
        "grafana",
    } <= services
    missing = subprocess.run(
        ["docker-compose", "-f", str(checked), "config", "-q"],
        capture_output=True,
        text=True,
        env={"PATH": "/usr/bin:/bin"},
        cwd=tmp_path,
        check=False,
    )
    assert missing.returncode != 0 and "SECRET_KEY" in missing.stderr
