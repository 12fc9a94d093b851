"""The client's address is the one the proxy saw (issue 36, point 1): a real uvicorn with the
documented settings (Dockerfile's command, FORWARDED_ALLOW_IPS the proxy's address alone), and
nginx with deploy/nginx.conf in front of it when nginx is installed. A client writing its own
X-Forwarded-For changes nothing: the log-in lockout per address, the token endpoint's limit and
the anonymous API throttle each still refuse it."""

import http.client
import ipaddress
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.platform.faults.conftest import Process, service_env, wait
from tests.platform.faults.test_asgi_server_killed import _free_port, _port_open

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[3]
# Per address: 6 anonymous API requests a minute, 4 to the token endpoint, 2 failed log-ins.
LIMITS = {
    "THROTTLE_ANON": "6/min",
    "THROTTLE_AUTH_TOKEN": "4/min",
    "LOGIN_FAILED_RATE_LIMIT": "2/10m/ip,1000/5m/key",
}


def _uvicorn(tmp_path: Path, trusted: str) -> Process:
    """The web process as the Dockerfile starts it, trusting forwarded headers from `trusted`."""
    port = _free_port()
    command = [sys.executable, "-m", "uvicorn", "config.asgi:application", "--app-dir"]
    command += ["platform", "--host", "127.0.0.1", "--port", str(port), "--proxy-headers"]
    command += ["--lifespan", "off", "--timeout-keep-alive", "75"]
    env = service_env(FORWARDED_ALLOW_IPS=trusted, CACHE_URL="locmem://", **LIMITS)
    server = Process(command, env, tmp_path / "uvicorn.log").start()
    server.port = port
    assert wait(lambda: _port_open(port), timeout=30), server.log()
    return server


def _nginx(tmp_path: Path, upstream: int) -> tuple[subprocess.Popen, int]:
    """nginx with deploy/nginx.conf's rules, its upstreams the given server."""
    listen = _free_port()
    rules = (ROOT / "deploy" / "nginx.conf").read_text()
    rules = re.sub(r"server (web|sockets):8000;", f"server 127.0.0.1:{upstream};", rules)
    rules = rules.replace("listen 80;", f"listen 127.0.0.1:{listen};")
    config = tmp_path / "nginx.conf"
    config.write_text(
        f"pid {tmp_path / 'nginx.pid'};\nerror_log {tmp_path / 'nginx.log'};\n"
        "daemon off;\nmaster_process off;\nevents { worker_connections 64; }\n"
        f"http {{\naccess_log off;\nclient_body_temp_path {tmp_path};\n{rules}\n}}\n"
    )
    process = subprocess.Popen(["nginx", "-p", str(tmp_path), "-c", str(config)])
    assert wait(lambda: _port_open(listen), timeout=10), (tmp_path / "nginx.log").read_text()
    return process, listen


def _send(port: int, source: str, path: str, forwarded: str, body: dict | None = None):
    """One request from `source` (a loopback address of its own), with a forged header."""
    connection = http.client.HTTPConnection(
        "127.0.0.1", port, timeout=10, source_address=(source, 0)
    )
    headers = {"X-Forwarded-For": forwarded, "X-Real-IP": forwarded, "Accept": "application/json"}
    if body is not None:
        headers["Content-Type"] = "application/json"
    connection.request("POST" if body else "GET", path, json.dumps(body) if body else None, headers)
    response = connection.getresponse()
    answer = (response.status, json.loads(response.read() or b"{}"))
    connection.close()
    return answer


def _forged(n: int) -> str:
    """A new address on every request, in each shape a client might try."""
    return [f"203.0.113.{n}", f"198.51.100.{n}, 127.0.0.2", "127.0.0.2", f"10.0.{n}.1"][n % 4]


def _limits_hold(port: int, first: int) -> None:
    """Three clients (loopback addresses `first`...), each forging its header every time: each
    is refused past its own limit; a fourth, fresh address still gets through."""
    lockout, token, anon = (f"127.0.0.{first + i}" for i in range(3))
    for n in range(2):
        guess = {"username": f"nobody{n}@example.com", "password": "guess"}
        assert _send(port, lockout, "/api/auth/token/", _forged(n), guess)[0] == 400
    status, body = _send(port, lockout, "/api/auth/token/", _forged(2), guess)
    assert (status, body["error"]) == (429, "too_many_login_attempts")

    malformed = {"username": "not-an-address", "password": "x"}  # no log-in attempt
    for n in range(4):
        assert _send(port, token, "/api/auth/token/", _forged(n), malformed)[0] == 400
    status, body = _send(port, token, "/api/auth/token/", _forged(4), malformed)
    assert (status, body["error"]) == (429, "throttled")

    for n in range(6):
        assert _send(port, anon, "/api/tables/", _forged(n))[0] == 200
    status, body = _send(port, anon, "/api/tables/", _forged(6))
    assert (status, body["error"]) == (429, "throttled")
    assert _send(port, f"127.0.0.{first + 3}", "/api/tables/", _forged(7))[0] == 200


def test_uvicorn_takes_no_address_from_a_client_only_from_the_proxy(tmp_path):
    server = _uvicorn(tmp_path, trusted="127.0.0.2")  # the proxy's address
    try:
        _limits_hold(server.port, first=10)
        # The proxy's own header is believed: the client it names is the one counted.
        for _ in range(6):
            assert _send(server.port, "127.0.0.2", "/api/tables/", "192.0.2.1")[0] == 200
        assert _send(server.port, "127.0.0.2", "/api/tables/", "192.0.2.1")[0] == 429
        assert _send(server.port, "127.0.0.2", "/api/tables/", "192.0.2.2")[0] == 200
    finally:
        server.stop()


@pytest.mark.skipif(shutil.which("nginx") is None, reason="nginx is not installed")
def test_through_nginx_each_client_is_the_address_nginx_saw(tmp_path):
    server = _uvicorn(tmp_path, trusted="127.0.0.1")  # nginx connects from 127.0.0.1
    proxy, port = _nginx(tmp_path, server.port)
    try:
        _limits_hold(port, first=20)
    finally:
        proxy.terminate()
        proxy.wait(10)
        server.stop()


def test_compose_trusts_the_proxys_fixed_address_alone():
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    services = compose["services"]
    proxy_address = services["proxy"]["networks"]["default"]["ipv4_address"]
    for served in ("web", "sockets"):  # pages and the match sockets
        assert services[served]["environment"]["FORWARDED_ALLOW_IPS"] == proxy_address
    [pool] = compose["networks"]["default"]["ipam"]["config"]
    assert not _in_range(proxy_address, pool["ip_range"])  # Docker never hands it to another
    text = (ROOT / "deploy" / "nginx.conf").read_text()
    rules = [line.strip() for line in text.splitlines() if not line.strip().startswith("#")]
    forwarded = [line for line in rules if "X-Forwarded-For" in line or "X-Real-IP" in line]
    assert forwarded == 2 * [
        "proxy_set_header X-Real-IP $remote_addr;",
        "proxy_set_header X-Forwarded-For $remote_addr;",
    ]


def _in_range(address: str, network: str) -> bool:
    return ipaddress.ip_address(address) in ipaddress.ip_network(network)
