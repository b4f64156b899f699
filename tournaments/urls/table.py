"""The players' pages of a table, opened by its token (QR code) or short code; no login."""

from django.urls import path

from tournaments.views import (
    table,
    table_calculator,
    table_call,
    table_code,
    table_guide,
)

urlpatterns = [
    path("code/", table_code.table_code, name="tournaments-table-code"),
    path("<str:token>/", table.table_page, name="tournaments-table"),
    path("<str:token>/seat/", table.choose_seat, name="tournaments-table-seat"),
    path("<str:token>/sheet/", table.sheet, name="tournaments-table-sheet"),
    path("<str:token>/preview/", table.preview, name="tournaments-table-preview"),
    path("<str:token>/entry/", table.submit, name="tournaments-table-submit"),
    path("<str:token>/entry/<int:entry_id>/edit/", table.edit, name="tournaments-table-edit"),
    path(
        "<str:token>/entry/<int:entry_id>/confirm/", table.confirm, name="tournaments-table-confirm"
    ),
    path(
        "<str:token>/entry/<int:entry_id>/dispute/", table.dispute, name="tournaments-table-dispute"
    ),
    path("<str:token>/follow/", table_guide.follow, name="tournaments-table-follow"),
    path(
        "<str:token>/calculator/", table_calculator.calculator, name="tournaments-table-calculator"
    ),
    path("<str:token>/call/", table_call.call, name="tournaments-table-call"),
]
