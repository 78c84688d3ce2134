"""The private file storage: uploads that only their owner and staff may download
(internship task submissions), never served from a public URL.

STORAGES["private"] in settings: the local file system under VAR_DIR/private by default
(outside MEDIA_ROOT, which /media/ serves to anyone), or an S3-compatible bucket through
django-storages when PRIVATE_STORAGE_BUCKET is set. Files are read back only through
views that check who asks (internships.api's download).
"""

from __future__ import annotations

from django.core.files.storage import FileSystemStorage, Storage, storages

PRIVATE_STORAGE_ALIAS = "private"


def private_storage() -> Storage:
    # A callable, so a FileField's migration names this function rather than a backend,
    # and settings (tests, S3) choose the backend at run time.
    return storages[PRIVATE_STORAGE_ALIAS]


class PrivateFileSystemStorage(FileSystemStorage):
    """The local private storage: like FileSystemStorage, but with no URL at all (the
    stock class would make one under MEDIA_URL), so nothing can link a private file by
    accident."""

    def url(self, name: str | None) -> str:
        raise ValueError(
            "Private files have no public address; they are downloaded through the site."
        )
