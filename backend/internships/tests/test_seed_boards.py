from __future__ import annotations

import importlib

import pytest
from django.apps import apps

from internships.models import BoardTask, TaskBoard
from internships.tests.oracles import TABLE

pytestmark = pytest.mark.django_db

seed_migration = importlib.import_module("internships.migrations.0002_seed_task_boards")


def test_it_seeds_the_four_boards_with_the_product_schedule() -> None:
    boards = {board.slug: board for board in TaskBoard.objects.prefetch_related("tasks")}

    assert set(boards) == set(TABLE)
    for slug, (start, unlocks) in TABLE.items():
        board = boards[slug]
        assert board.cycle_start_day == start
        assert [t.number for t in board.tasks.all()] == [1, 2, 3, 4]
        assert tuple(t.unlock_day for t in board.tasks.all()) == unlocks
        # Every board shows "Generate Certificate" (issued by itself since 0004).
        assert board.shows_certificate_link is True
        assert "issued as soon as all four of your tasks are approved" in board.certificate_note
        assert board.title.startswith("Web Development Internship")


def test_it_seeds_placeholder_links_that_say_so() -> None:
    urls = [t.task_url for t in BoardTask.objects.all()]

    assert len(urls) == len(set(urls)) == 16
    assert all(u.startswith("https://example.com/replace-with-") for u in urls)


def test_it_never_overwrites_staff_edits_when_seeding_again() -> None:
    board = TaskBoard.objects.get(slug="tasks-10")
    board.title = "Edited title"
    board.cycle_start_day = 12
    board.save()
    BoardTask.objects.filter(board=board, number=2).update(
        task_url="https://drive.example.org/real-task-2", unlock_day=19
    )

    seed_migration.seed(apps, None)

    board.refresh_from_db()
    assert (board.title, board.cycle_start_day) == ("Edited title", 12)
    task = board.tasks.get(number=2)
    assert (task.task_url, task.unlock_day) == ("https://drive.example.org/real-task-2", 19)
    assert TaskBoard.objects.count() == 4
    assert BoardTask.objects.count() == 16


def test_it_restores_a_missing_task_when_seeding_again() -> None:
    BoardTask.objects.filter(board__slug="tasks", number=3).delete()

    seed_migration.seed(apps, None)

    assert BoardTask.objects.get(board__slug="tasks", number=3).unlock_day == 15
