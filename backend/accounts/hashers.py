"""The password hasher: Argon2id at OWASP's recommended parameters.

OWASP's Password Storage Cheat Sheet gives Argon2id with 19 MiB of memory, 2 iterations and
1 degree of parallelism as its first choice. Django's stock Argon2PasswordHasher asks for
100 MiB and 8 lanes, which makes each login take a large share of a small server's CPU and
memory; the documented way to change that is a subclass with these class attributes, first
in PASSWORD_HASHERS. Its algorithm name is still "argon2", so hashes made with the old
parameters are recognised, and Django rehashes them at the account's next successful login
(must_update compares the parameters stored in the hash).
"""

from __future__ import annotations

from django.contrib.auth.hashers import Argon2PasswordHasher


class OwaspArgon2PasswordHasher(Argon2PasswordHasher):
    time_cost = 2
    memory_cost = 19 * 1024  # KiB: 19 MiB
    parallelism = 1
