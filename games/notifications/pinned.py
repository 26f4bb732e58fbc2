"""POST to an address that was checked, and to no other: the connection goes to the IP the
check resolved (games.notifications.addresses.check_url), with the URL's host name in the
Host header and the TLS handshake, and redirects are not followed. A second DNS lookup,
which a rebinding DNS server could answer with a private address, never happens.

Webhooks post through `post`; Web Push hands `PinnedSession` to pywebpush in place of a
requests session (pywebpush encrypts and signs, this sends).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import urllib3

from games.notifications.addresses import Target

TIMEOUT = urllib3.Timeout(connect=5, read=10)


@dataclass(frozen=True)
class Answer:
    """What the server answered (named as requests names it, for pywebpush)."""

    status_code: int
    reason: str = ""
    text: str = ""
    headers: dict = field(default_factory=dict)


def post(target: Target, body: bytes, headers: dict[str, str], timeout=TIMEOUT) -> Answer:
    """POST `body` to the checked address; raises urllib3's HTTPError when unreachable."""
    host_header = target.host if target.port in (80, 443) else f"{target.host}:{target.port}"
    if target.scheme == "https":
        pool: urllib3.HTTPConnectionPool = urllib3.HTTPSConnectionPool(
            target.address, target.port, timeout=timeout, retries=False,
            server_hostname=target.host, assert_hostname=target.host,
        )  # fmt: skip
    else:
        pool = urllib3.HTTPConnectionPool(target.address, target.port, timeout=timeout, retries=False)
    with pool:
        response = pool.urlopen(
            "POST", target.path, body=body, headers={**headers, "Host": host_header},
            redirect=False, assert_same_host=False, preload_content=True,
        )  # fmt: skip
        text = response.data[:2000].decode("utf-8", "replace")
        return Answer(response.status, response.reason or "", text, dict(response.headers))


class PinnedSession:
    """Stands in for a requests session in pywebpush: its one POST goes to the checked
    address of the subscription's endpoint, and to nowhere else."""

    def __init__(self, target: Target, timeout=TIMEOUT) -> None:
        self.target = target
        self.timeout = timeout

    def post(self, url: str, data: bytes | None = None, headers: dict | None = None, **_: object) -> Answer:
        if url.strip() != self.target.url:
            raise urllib3.exceptions.HTTPError(f"refusing to post to {url!r}: not the checked address")
        return post(self.target, data or b"", {str(k): str(v) for k, v in (headers or {}).items()}, self.timeout)
