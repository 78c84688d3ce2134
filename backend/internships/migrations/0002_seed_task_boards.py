"""Seed the four task boards of docs/product.md §6 with their default schedules.

The task texts are a real Web Development internship track; the links are obvious
placeholders that staff replace in the admin. Rows are created only when missing, so
running migrations again never overwrites what staff changed.
"""

from django.db import migrations

TASKS = [
    (
        "Build a responsive landing page",
        "Design and code a one-page landing site for a fictional product with semantic "
        "HTML5 and CSS (Flexbox and Grid): a header with navigation, a hero section, a "
        "features grid, testimonials, a pricing table and a footer. It must work from "
        "320 px phones to wide desktop screens and pass an accessibility check. Publish it "
        "on GitHub Pages and submit the repository and live links.",
    ),
    (
        "Make an interactive to-do app in JavaScript",
        "Write a to-do list in plain JavaScript (no frameworks): add, edit, complete and "
        "delete tasks, filter by All, Active and Completed, and keep the list in "
        "localStorage so it survives a reload. Handle empty input and keyboard use. Submit "
        "the repository and live links.",
    ),
    (
        "Build a weather dashboard with a public API",
        "Use fetch with async/await to show the current weather and a five-day forecast "
        "for a searched city from a free weather API. Show loading and error states, "
        "remember recent searches, and keep the API key out of the repository. Submit the "
        "repository and live links.",
    ),
    (
        "Create a full-stack notes app (MERN)",
        "Build a notes application with React on the front end and Node.js, Express and "
        "MongoDB on the back end: sign-up and login, then create, list, edit, search and "
        "delete notes through a REST API with input validation. Deploy both parts and "
        "submit the repository, the live link and a short README with setup steps.",
    ),
]

# slug, title, cycle start day, unlock days of tasks 1-4, shows the certificate link
BOARDS = [
    ("tasks", "Web Development Internship — Tasks", 1, (1, 8, 15, 22), False),
    ("tasks-1", "Web Development Internship — Tasks (1st batch)", 1, (1, 8, 15, 22), False),
    ("tasks-10", "Web Development Internship — Tasks (10th batch)", 10, (10, 18, 26, 3), False),
    ("tasks-20", "Web Development Internship — Tasks (20th batch)", 20, (20, 27, 6, 14), True),
]

CERTIFICATE_NOTE = (
    "Certificates are not generated here yet. Once our team has reviewed all four of your "
    "submissions, we send your certificate, and you can check it on the Verify page."
)


def seed(apps, schema_editor):
    TaskBoard = apps.get_model("internships", "TaskBoard")
    BoardTask = apps.get_model("internships", "BoardTask")
    for slug, title, start_day, unlock_days, shows_certificate_link in BOARDS:
        board, _ = TaskBoard.objects.get_or_create(
            slug=slug,
            defaults={
                "title": title,
                "cycle_start_day": start_day,
                "shows_certificate_link": shows_certificate_link,
                "certificate_note": CERTIFICATE_NOTE if shows_certificate_link else "",
            },
        )
        for number, ((task_title, description), unlock_day) in enumerate(
            zip(TASKS, unlock_days, strict=True), start=1
        ):
            BoardTask.objects.get_or_create(
                board=board,
                number=number,
                defaults={
                    "title": task_title,
                    "description": description,
                    "task_url": f"https://example.com/replace-with-{slug}-task-{number}-file",
                    # The tasks' external submission-form links (submission_url) were
                    # retired by 0003, which drops the column: they are left empty here so
                    # this seed also runs on today's models (its tests call it again).
                    "unlock_day": unlock_day,
                },
            )


class Migration(migrations.Migration):
    dependencies = [("internships", "0001_initial")]

    operations = [migrations.RunPython(seed, migrations.RunPython.noop)]
