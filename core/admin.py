from django.contrib import admin

from core.models import UserProfile

admin.site.register(UserProfile)
