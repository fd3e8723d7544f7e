from rest_framework.pagination import PageNumberPagination


class CappedPageNumberPagination(PageNumberPagination):
    """Page-number pagination; clients may ask for up to 200 items a page. The OpenAPI
    document gives both parameters' bounds."""

    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200

    def get_schema_operation_parameters(self, view):
        parameters = super().get_schema_operation_parameters(view)
        bounds = {
            self.page_query_param: {"minimum": 1},
            self.page_size_query_param: {"minimum": 1, "maximum": self.max_page_size},
        }
        for parameter in parameters:
            parameter["schema"] = {**parameter["schema"], **bounds.get(parameter["name"], {})}
        return parameters
