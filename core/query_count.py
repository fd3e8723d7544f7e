"""Counts the SQL statements each request runs and answers them in ``X-Query-Count``.

On only when ``QUERY_COUNT_HEADER`` is true (the load test sets it, ``loadtests/run.py``): the
load generator adds the counts up per endpoint group, so the report gives the database's
queries per request measured on the running servers, not in a test.
"""

from django.db import connections

HEADER = "X-Query-Count"


class QueryCountMiddleware:
    """Outermost, so that it counts every statement of the request (sessions, authentication,
    the view, savepoints and the commit included)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        count = [0]

        def counted(execute, sql, params, many, context):
            count[0] += 1
            return execute(sql, params, many, context)

        wrappers = [connection.execute_wrapper(counted) for connection in connections.all()]
        for wrapper in wrappers:
            wrapper.__enter__()
        try:
            response = self.get_response(request)
        finally:
            for wrapper in reversed(wrappers):
                wrapper.__exit__(None, None, None)
        response[HEADER] = str(count[0])
        return response
