from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from tournaments.views.health import healthz

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("help/", include("tournaments.urls.public_help")),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("", include("tournaments.urls")),
]
