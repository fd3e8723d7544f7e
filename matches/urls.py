urlpatterns = []
app_name = "matches"
