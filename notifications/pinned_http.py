"""POSTing to a webhook URL at the addresses ``url_safety`` checked, not at a second lookup.

The request goes to a checked IP address (the next one if it cannot be reached, as a client
resolving the name itself would do); the ``Host`` header keeps the URL's host name, and for
https the TLS handshake names it too (SNI), so the receiver's certificate is checked against
the host name as usual (httpcore's ``sni_hostname`` request extension)."""

import httpx

from notifications.url_safety import CheckedURL


def post(
    checked: CheckedURL, *, content: bytes, headers: dict[str, str], timeout: float
) -> httpx.Response:
    url = httpx.URL(checked.url)
    extensions = {"sni_hostname": url.raw_host.decode("ascii")} if url.scheme == "https" else {}
    headers = {**headers, "Host": url.netloc.decode("ascii")}
    error: httpx.ConnectError | None = None
    with httpx.Client(timeout=timeout, follow_redirects=False) as client:
        for address in checked.addresses:
            try:
                return client.post(
                    url.copy_with(host=str(address)),
                    content=content,
                    headers=headers,
                    extensions=extensions,
                )
            except httpx.ConnectError as refused:
                error = refused  # nothing was sent: try the next checked address
    assert error is not None  # url_resolve never checks an empty list
    raise error
