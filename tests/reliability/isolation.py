"""Running a command with networking refused: a fresh network namespace when the kernel lets us make one.

``unshare -n`` (root, or unprivileged user namespaces) gives the child a namespace with only a loopback interface
that is down, so any connection fails at the kernel, whatever the program does. Where that is not allowed, the
caller falls back to pip's own ``--no-index`` plus proxies pointing at a closed local port, and says so.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess

CLOSED_LOCAL_PROXY = "http://127.0.0.1:9"


@functools.cache
def network_namespace_prefix() -> tuple[str, ...]:
    """``("unshare", "-n")`` when a new network namespace can be made here, else an empty prefix."""
    unshare = shutil.which("unshare")
    if unshare is None:
        return ()
    probe = subprocess.run([unshare, "-n", "true"], capture_output=True, check=False)
    return (unshare, "-n") if probe.returncode == 0 else ()


def offline_environment(extra: dict[str, str] | None = None) -> dict[str, str]:
    """The current environment with every proxy pointed at a closed local port and no PYTHONPATH leaking in."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    for name in ("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "all_proxy"):
        env[name] = CLOSED_LOCAL_PROXY
    env.update(extra or {})
    return env
