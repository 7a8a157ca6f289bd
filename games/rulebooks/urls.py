from django.urls import path

from games.rulebooks import editing, views

app_name = "rulebooks"
urlpatterns = [
    path("", views.index, name="index"),
    path("status/", views.status, name="status"),
    path("search/", views.search, name="search"),
    path("<slug:game>/", views.page, name="page"),
    path("<slug:game>/section/<slug:anchor>/", views.section, name="section"),
    path("<slug:game>/calculators/<slug:slug>/", views.calculator, name="calculator"),
    path("<slug:game>/try/<slug:anchor>/", views.try_example, name="try"),
    path("<slug:game>/history/", views.history, name="history"),
    path("<slug:game>/diff/", views.diff, name="diff"),
    path("<slug:game>/edit/", editing.edit, name="edit"),
    path("<slug:game>/revisions/<int:number>/", views.revision, name="revision"),
    path("<slug:game>/revisions/<int:number>/revert/", editing.revert, name="revert"),
    path("<slug:game>/as-of/<int:number>/", views.as_of, name="as_of"),
]
