from django.urls import path

from tournaments.views import table_code

urlpatterns = [
    path("code/", table_code.table_code, name="tournaments-table-code"),
]
