from rest_framework.pagination import PageNumberPagination


class CappedPageNumberPagination(PageNumberPagination):
    """Page-number pagination; clients may ask for up to 200 items a page."""

    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200
