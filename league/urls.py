urlpatterns = []
app_name = "league"
