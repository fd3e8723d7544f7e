"""POSTing to a webhook URL at the address ``url_safety`` checked, not at a second lookup.

The request goes to the checked IP address; the ``Host`` header keeps the URL's host name,
and for https the TLS handshake names it too (SNI), so the receiver's certificate is checked
against the host name as usual (httpcore's ``sni_hostname`` request extension)."""

import httpx

from notifications.url_safety import CheckedURL


def post(checked: CheckedURL, *, content: bytes, headers: dict[str, str], timeout: float):
    url = httpx.URL(checked.url)
    target = url.copy_with(host=str(checked.address))
    extensions = {"sni_hostname": url.raw_host.decode("ascii")} if url.scheme == "https" else {}
    with httpx.Client(timeout=timeout, follow_redirects=False) as client:
        return client.post(
            target,
            content=content,
            headers={**headers, "Host": url.netloc.decode("ascii")},
            extensions=extensions,
        )
