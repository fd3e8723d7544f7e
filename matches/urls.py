"""Match pages (mounted at /matches/)."""

from django.urls import path

from matches.views import commissioner, killpower, public

app_name = "matches"

urlpatterns = [
    path("<int:pk>/", public.fixture_detail, name="fixture"),
    path("<int:pk>/reschedule/", commissioner.fixture_reschedule, name="reschedule"),
    path("<int:pk>/cancel/", commissioner.fixture_cancel, name="cancel"),
    path("<int:pk>/referee-sheet/", killpower.referee_sheet, name="kp_referee_sheet"),
    path("<int:pk>/result/", killpower.result_entry, name="kp_result"),
    path("<int:pk>/kick-off/", killpower.kick_off, name="kp_kick_off"),
    path("reports/<int:pk>/", killpower.report_detail, name="kp_report"),
    path("reports/<int:pk>/confirm/", killpower.report_confirm, name="kp_report_confirm"),
    path("reports/<int:pk>/dispute/", killpower.report_dispute, name="kp_report_dispute"),
    path("reports/<int:pk>/decide/", killpower.report_decide, name="kp_report_decide"),
    path("reports/<int:pk>/correct/", killpower.report_correct, name="kp_report_correct"),
]
