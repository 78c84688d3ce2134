from __future__ import annotations

import re
from datetime import date
from decimal import Decimal
from typing import Any

from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.core.validators import (
    MaxValueValidator,
    MinValueValidator,
    RegexValidator,
    URLValidator,
)
from django.db import models

from core import schedule
from core.dates import date_display, india_today
from core.gst import STATES, gstin_normalise, gstin_problem, state_label, validate_gstin

SITE_SETTINGS_CACHE_KEY = "catalog:site-settings:v2"


class SiteSettings(models.Model):
    """The one settings record staff edit in the admin (brand, contacts, payee, phrases).

    The shipped values are obviously placeholders: the real company name is not known.
    """

    brand_name = models.CharField(max_length=80, default="YourBrand (placeholder)")
    tagline = models.CharField(max_length=160, blank=True)
    email = models.EmailField(default="hello@example.com")
    phone = models.CharField(max_length=20, default="+91 90000 00000")
    address = models.CharField(max_length=240, blank=True)
    facebook_url = models.URLField(blank=True)
    instagram_url = models.URLField(blank=True)
    linkedin_url = models.URLField(blank=True)
    youtube_url = models.URLField(blank=True)
    x_url = models.URLField("X (Twitter) URL", blank=True)
    github_url = models.URLField(blank=True)
    whatsapp_number = models.CharField(
        max_length=20, blank=True, help_text="Digits with country code, e.g. 919000000000."
    )
    upi_payee_id = models.CharField("UPI payee ID (VPA)", max_length=100, default="placeholder@upi")
    upi_payee_name = models.CharField("UPI payee name", max_length=100, default="YourBrand")
    typed_phrases = models.TextField(
        default="", help_text="The phrases the home page types, one per line."
    )
    grievance_officer = models.CharField(
        max_length=240,
        default="Grievance Officer (placeholder), grievance@example.com",
        help_text="Name and contact (email or phone) of the person who answers privacy "
        "requests and complaints, named in the privacy policy's rights section as India's "
        "DPDP Act 2023 requires.",
    )
    # The seller on tax invoices (docs/product.md section 18). Each invoice copies them
    # when it is issued, so editing them here never changes an invoice already issued.
    legal_name = models.CharField(
        "legal name",
        max_length=160,
        default="YourBrand Private Limited (placeholder)",
        help_text="The business's legal name as registered (on invoices and receipts).",
    )
    legal_address = models.TextField(
        "registered address",
        max_length=400,
        default="Address line (placeholder), City, PIN 000000",
        help_text="The address printed on invoices.",
    )
    state = models.CharField(
        max_length=2,
        choices=STATES,
        default="29",
        help_text="Where the business is registered: the place of supply for a buyer who "
        "gave no state, and the test of CGST + SGST (same state) against IGST.",
    )
    gstin = models.CharField(
        "GSTIN",
        max_length=15,
        blank=True,
        validators=[validate_gstin],
        help_text="Leave empty while not registered for GST: payments then get a payment "
        "receipt with no tax lines. With a GSTIN every payment gets a tax invoice.",
    )
    sac = models.CharField(
        "SAC",
        max_length=8,
        default="999293",
        validators=[RegexValidator(r"^[0-9]{4,8}$", "A SAC code is 4 to 8 digits.")],
        help_text="Services accounting code (999293: commercial training and coaching).",
    )
    gst_rate = models.DecimalField(
        "GST rate (%)",
        max_digits=5,
        decimal_places=2,
        default=Decimal("18.00"),
        validators=[MinValueValidator(Decimal("0")), MaxValueValidator(Decimal("28"))],
        help_text="The whole rate (CGST + SGST, or IGST), e.g. 18.",
    )
    invoice_prefix = models.CharField(
        "invoice series prefix",
        max_length=3,
        default="INV",
        validators=[
            RegexValidator(r"^[A-Z0-9]{1,3}$", "1 to 3 capital letters or digits, e.g. INV."),
            RegexValidator(
                r"^(CN|RCT)$",
                "CN and RCT are the credit notes' and receipts' own series: choose another.",
                inverse_match=True,
            ),
        ],
        help_text="Tax invoice numbers read: this prefix, the financial year and 6 digits, "
        "e.g. INV/26-27/000001. Receipts (while no GSTIN is set) have their own series, RCT, "
        "and credit notes theirs, CN.",
    )

    class Meta:
        verbose_name = "site settings"
        verbose_name_plural = "site settings"

    def __str__(self) -> str:
        return "Site settings"

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.pk = 1  # a singleton
        super().save(*args, **kwargs)
        cache.delete(SITE_SETTINGS_CACHE_KEY)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise ValueError("Site settings cannot be deleted; edit them instead.")

    def clean(self) -> None:
        super().clean()
        self.gstin = gstin_normalise(self.gstin)
        if self.gstin and not gstin_problem(self.gstin) and self.gstin[:2] != self.state:
            raise ValidationError(
                {
                    "gstin": f"This GSTIN is registered in {state_label(self.gstin[:2])}; "
                    f"the state above is {state_label(self.state)}."
                }
            )


class TeamMember(models.Model):
    name = models.CharField(max_length=120)
    role = models.CharField(max_length=120)
    bio = models.TextField(blank=True)
    photo = models.ImageField(upload_to="team/", blank=True)
    order = models.PositiveIntegerField(default=0)
    is_active = models.BooleanField("shown on the site", default=True)

    class Meta:
        ordering = ("order", "name")

    def __str__(self) -> str:
        return self.name


class ProjectPackage(models.Model):
    slug = models.SlugField(unique=True)
    name = models.CharField(max_length=120)
    price_usd = models.PositiveIntegerField("starting price (US dollars)")
    summary = models.CharField(max_length=240, blank=True)
    features = models.TextField(help_text="One feature per line.")
    order = models.PositiveIntegerField(default=0)
    is_active = models.BooleanField("shown on the site", default=True)

    class Meta:
        ordering = ("order", "name")

    def __str__(self) -> str:
        return f"{self.name} (${self.price_usd})"

    @property
    def feature_list(self) -> list[str]:
        return [line.strip() for line in self.features.splitlines() if line.strip()]


def _lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


# A page found from the data (a course's or an event's Page path): "/" and segments of
# letters, digits and - _ + . (each starting with a letter or digit), nothing the Node
# server and Django could decode differently (no %, space, "?", "#" or non-ASCII).
PAGE_PATH = re.compile(r"(/[A-Za-z0-9][A-Za-z0-9._+-]*)+")


def validate_site_path(value: str) -> None:
    if not value.startswith("/") or value.startswith("//") or any(c.isspace() for c in value):
        raise ValidationError("Enter a site path that starts with “/”, without spaces.")


def validate_link(value: str) -> None:
    """A link may be a path on this site or an absolute https/http address."""
    if value.startswith(("https://", "http://")):
        URLValidator(schemes=["http", "https"])(value)
    else:
        validate_site_path(value)


class Course(models.Model):
    """A paid online course (or the bootcamp). Fees are whole rupees."""

    slug = models.SlugField(unique=True)
    name = models.CharField(
        max_length=120, help_text="Full name, e.g. “Web Development (MERN stack)”."
    )
    short_name = models.CharField(max_length=60, help_text="Short name for cards and buttons.")
    route = models.CharField(
        max_length=80,
        unique=True,
        validators=[validate_site_path],
        help_text="The course page's path on the site, exactly, e.g. /java-registration.",
    )
    summary = models.CharField(max_length=240, help_text="One sentence for the course card.")
    description = models.TextField(blank=True, help_text="A paragraph or two for the course page.")
    list_fee = models.PositiveIntegerField("list fee (₹)")
    offer_fee = models.PositiveIntegerField(
        "offer fee (₹)",
        null=True,
        blank=True,
        help_text="Leave empty when there is no offer; the list fee is then what students pay.",
    )
    offer_label = models.CharField(
        max_length=60, blank=True, help_text="Shown with the offer fee, e.g. “Promotional offer”."
    )
    offer_ends_on = models.DateField(
        "offer ends",
        null=True,
        blank=True,
        help_text="The offer fee's last day (India time). After it the list fee applies "
        "everywhere. Leave empty for an offer without an end.",
    )
    duration_text = models.CharField("duration", max_length=40, default="3 Months")
    timing = models.CharField(max_length=60, blank=True, help_text="e.g. 9:00 PM - 11:00 PM")
    days = models.CharField(max_length=60, blank=True, help_text="e.g. Mon/Wed/Fri")
    doubt_session = models.CharField(max_length=60, blank=True, help_text="e.g. Sunday")
    mode = models.CharField(max_length=40, default="Online")
    certificate = models.BooleanField("certificate on completion", default=True)
    referral_reward = models.PositiveIntegerField(
        "referral reward (₹)", default=0, help_text="Paid to the referrer; 0 means no reward."
    )
    highlights = models.TextField(blank=True, help_text="What students get, one per line.")
    syllabus = models.TextField(blank=True, help_text="Syllabus topics, one per line.")
    order = models.PositiveIntegerField(default=0)
    is_active = models.BooleanField("shown on the site", default=True)
    is_bootcamp = models.BooleanField(
        default=False, help_text="Bootcamps have their own page and are not among the course cards."
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ("order", "name")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(referral_reward__lte=models.F("list_fee"))
                & (
                    models.Q(offer_fee__isnull=True)
                    | models.Q(referral_reward__lte=models.F("offer_fee"))
                ),
                name="course_reward_at_most_fee",
            )
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return self.route

    def clean(self) -> None:
        if (
            self.offer_fee is not None
            and self.list_fee is not None
            and self.offer_fee >= self.list_fee
        ):
            raise ValidationError({"offer_fee": "The offer fee must be lower than the list fee."})
        if (
            self.referral_reward is not None
            and self.list_fee is not None
            and self.referral_reward > self.payable_fee
        ):
            raise ValidationError(
                {"referral_reward": "The referral reward cannot be more than the course fee."}
            )

    @property
    def has_offer(self) -> bool:
        """An offer fee that has not ended (its last day is inclusive, India time)."""
        return self.offer_fee is not None and (
            self.offer_ends_on is None or india_today() <= self.offer_ends_on
        )

    @property
    def payable_fee(self) -> int:
        return self.offer_fee if self.has_offer and self.offer_fee is not None else self.list_fee

    @property
    def highlight_list(self) -> list[str]:
        return _lines(self.highlights)

    @property
    def syllabus_list(self) -> list[str]:
        return _lines(self.syllabus)


def validate_meeting_link(value: str) -> None:
    """A class's meeting link: any https address (Google Meet, Zoom, ...)."""
    if not value.startswith("https://"):
        raise ValidationError(
            "Enter the meeting's https:// link, e.g. https://meet.google.com/abc-defg-hij."
        )
    URLValidator(schemes=["https"])(value)


class Batch(models.Model):
    """A group of students taught one course live, from a start date to an end date
    (docs/product.md section 20). Its classes (teaching.LiveClass) are made from its days
    and time; enrolments (enrolments.Enrolment.batch) take its seats."""

    course = models.ForeignKey(Course, on_delete=models.PROTECT, related_name="batches")
    starts_on = models.DateField("start date")
    ends_on = models.DateField("end date")
    class_days = models.CharField(
        max_length=60,
        blank=True,
        help_text="e.g. Mon/Wed/Fri. Leave empty for the course's days.",
    )
    class_time = models.CharField(
        max_length=60,
        blank=True,
        help_text="India time, e.g. 9:00 PM - 11:00 PM. Leave empty for the course's time.",
    )
    doubt_session_day = models.CharField(
        max_length=20,
        blank=True,
        help_text="e.g. Sunday, at the class time. Leave empty for the course's.",
    )
    seats = models.PositiveIntegerField(
        null=True,
        blank=True,
        validators=[MinValueValidator(1)],
        help_text="How many students it takes. Leave empty for no limit.",
    )
    enrolment_closes_on = models.DateField(
        "enrolment closes",
        null=True,
        blank=True,
        help_text="The last day (India time) students can enrol. Leave empty for the start date.",
    )
    meeting_link = models.URLField(
        max_length=300,
        blank=True,
        validators=[validate_meeting_link],
        help_text="Google Meet, Zoom or any https link. Each class may have its own.",
    )
    finished_at = models.DateTimeField(
        null=True, blank=True, help_text="When staff finished the batch and certificates went out."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("starts_on", "pk")
        verbose_name_plural = "batches"
        constraints = [
            models.CheckConstraint(
                condition=models.Q(ends_on__gte=models.F("starts_on")),
                name="batch_ends_after_start",
            )
        ]

    def __str__(self) -> str:
        course = self.course.short_name if self.course_id else "Batch"
        return f"{course}, starts {date_display(self.starts_on)}"

    @property
    def closes_on(self) -> date:
        """The last India day enrolment is open (inclusive)."""
        return self.enrolment_closes_on or self.starts_on

    @property
    def days_text(self) -> str:
        return self.class_days or self.course.days

    @property
    def time_text(self) -> str:
        return self.class_time or self.course.timing

    @property
    def doubt_day_text(self) -> str:
        return self.doubt_session_day or self.course.doubt_session

    def clean(self) -> None:
        errors: dict[str, str] = {}
        if self.starts_on and self.ends_on and self.ends_on < self.starts_on:
            errors["ends_on"] = "The batch cannot end before it starts."
        if self.enrolment_closes_on and self.ends_on and self.enrolment_closes_on > self.ends_on:
            errors["enrolment_closes_on"] = "Enrolment must close by the end date."
        if self.course_id:
            for field, text, read in (
                ("class_days", self.days_text, schedule.weekdays),
                ("class_time", self.time_text, schedule.class_time),
                ("doubt_session_day", self.doubt_day_text, schedule.weekday),
            ):
                if not text and field == "doubt_session_day":
                    continue
                try:
                    read(text)
                except schedule.ScheduleError as problem:
                    errors[field] = str(problem) + (
                        ""
                        if getattr(self, field)
                        else " (the course's is not readable; write it here)"
                    )
        if errors:
            raise ValidationError(errors)


class InternshipDomain(models.Model):
    ICONS = (
        ("web", "Web"),
        ("android", "Android"),
        ("ios", "iOS"),
        ("iot", "IoT"),
        ("uiux", "UI/UX"),
        ("python", "Python"),
        ("ml", "Machine learning"),
        ("ai", "Artificial intelligence"),
        ("java", "Java"),
        ("data", "Data"),
        ("cloud", "Cloud"),
        ("other", "Other"),
    )

    slug = models.SlugField(unique=True)
    title = models.CharField(max_length=120)
    summary = models.CharField(max_length=300)
    icon = models.CharField(max_length=20, choices=ICONS, default="other")
    # Apply Now leads to the site's own form, /internship/apply/<slug>, while this is on.
    is_open = models.BooleanField("open for applications", default=False)
    closed_reason = models.CharField(
        max_length=160,
        default="Applications are not open yet.",
        help_text="Shown next to the disabled Apply Now button while the domain is not open.",
    )
    duration = models.CharField(
        max_length=60,
        default="30 Days",
        help_text=(
            "How long the internship lasts, e.g. 30 Days or 2 Months. It is printed as the "
            "Duration on the completion certificate; 30 Days also gives a letter of "
            "recommendation."
        ),
    )
    order = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ("order", "title")

    def __str__(self) -> str:
        return self.title


class ProgrammeRow(models.Model):
    """A row of the table on /training-and-internship."""

    title = models.CharField(max_length=120)
    detail = models.CharField(max_length=300, blank=True)
    duration_text = models.CharField("duration", max_length=160)
    order = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ("order", "id")
        verbose_name = "programme row"

    def __str__(self) -> str:
        return self.title


class Event(models.Model):
    KIND_CODING = "coding_competition"
    KIND_GAMING = "gaming"
    KIND_HACKATHON = "hackathon"
    KIND_OTHER = "other"
    KINDS = (
        (KIND_CODING, "Coding competition"),
        (KIND_GAMING, "Gaming"),
        (KIND_HACKATHON, "Hackathon"),
        (KIND_OTHER, "Other"),
    )
    ENDED = "This event has ended."
    NOT_OPEN = "Registration is not open yet."
    CLOSED = "Registration is closed."
    FULL = "This event is full."
    FEE_PER_PERSON = "person"
    FEE_PER_TEAM = "team"
    FEE_PER = ((FEE_PER_PERSON, "Person"), (FEE_PER_TEAM, "Team"))

    slug = models.SlugField(unique=True)
    kind = models.CharField(max_length=30, choices=KINDS, default=KIND_OTHER)
    title = models.CharField(max_length=160)
    summary = models.CharField(max_length=300)
    details = models.TextField(blank=True, help_text="Markdown. Sections start with “## ”.")
    starts_on = models.DateField()
    ends_on = models.DateField(null=True, blank=True, help_text="Empty for a one-day event.")
    location = models.CharField(max_length=120, default="Online")
    fee = models.PositiveIntegerField(
        "registration fee (₹)",
        null=True,
        blank=True,
        help_text="Empty means free (or, with a fee note, see the note).",
    )
    fee_note = models.CharField(max_length=120, blank=True, help_text="e.g. “per team”.")
    prize_pool = models.CharField(max_length=160, blank=True)
    registration_open = models.BooleanField(default=False)
    registration_url = models.CharField(
        max_length=300,
        blank=True,
        validators=[validate_link],
        help_text="Where Register Now leads while registration is open.",
    )
    route = models.CharField(
        "page path",
        max_length=80,
        blank=True,
        validators=[validate_site_path],
        help_text="The event's own page, if it has one, e.g. /hackathon.",
    )
    # Registration on the site (docs/product.md section 21).
    capacity = models.PositiveIntegerField(
        null=True,
        blank=True,
        validators=[MinValueValidator(1)],
        help_text="How many registrations (one per team) it takes. Leave empty for no limit.",
    )
    registration_closes_at = models.DateTimeField(
        "registration closes",
        null=True,
        blank=True,
        help_text="India time. Leave empty to take registrations until the event ends.",
    )
    team_event = models.BooleanField(
        default=False, help_text="Teams register (a captain and members) instead of one person."
    )
    team_min = models.PositiveSmallIntegerField(
        "smallest team", default=1, validators=[MinValueValidator(1), MaxValueValidator(20)]
    )
    team_max = models.PositiveSmallIntegerField(
        "largest team", default=1, validators=[MinValueValidator(1), MaxValueValidator(20)]
    )
    fee_per = models.CharField(
        "fee per",
        max_length=6,
        choices=FEE_PER,
        default=FEE_PER_PERSON,
        help_text="Whether the fee is paid per person or once per team.",
    )
    results_published_at = models.DateTimeField(null=True, blank=True)
    order = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ("starts_on", "order", "title")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(team_max__gte=models.F("team_min")),
                name="event_team_sizes_in_order",
            )
        ]

    def __str__(self) -> str:
        return self.title

    def get_absolute_url(self) -> str:
        return self.route or "/events"

    def clean(self) -> None:
        errors: dict[str, str] = {}
        if self.ends_on and self.starts_on and self.ends_on < self.starts_on:
            errors["ends_on"] = "The event cannot end before it starts."
        if self.team_min and self.team_max and self.team_max < self.team_min:
            errors["team_max"] = "The largest team cannot be smaller than the smallest."
        if not self.team_event and (self.team_min, self.team_max) != (1, 1):
            errors["team_event"] = "Tick Team event to set team sizes."
        if errors:
            raise ValidationError(errors)


class Tournament(models.Model):
    """One match of an event (the BGMI tournaments): shown as a table on the event's page.
    With a slug it takes registrations of its own (the event's team sizes and closing
    time, its own entry fee and capacity)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="tournaments")
    slug = models.SlugField(
        null=True,
        blank=True,
        unique=True,
        help_text="Set it to take registrations for this tournament: /api/events/<slug>/registrations.",
    )
    capacity = models.PositiveIntegerField(
        null=True,
        blank=True,
        validators=[MinValueValidator(1)],
        help_text="Registrations (one per team). Leave empty for no limit.",
    )
    name = models.CharField(max_length=160)
    starts_on = models.DateField("date")
    entry_fee = models.PositiveIntegerField("entry fee (₹)", null=True, blank=True)
    fee_note = models.CharField(max_length=60, default="per team", blank=True)
    prize_pool = models.CharField(max_length=160, blank=True)
    order = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ("starts_on", "order", "id")

    def __str__(self) -> str:
        return self.name


class PortfolioItem(models.Model):
    CATEGORIES = (("web", "Website"), ("app", "Mobile app"), ("iot", "IoT"), ("other", "Other"))

    slug = models.SlugField(unique=True)
    title = models.CharField(max_length=160)
    category = models.CharField(max_length=10, choices=CATEGORIES, default="web")
    summary = models.CharField(max_length=300)
    description = models.TextField(blank=True)
    tech_stack = models.TextField(blank=True, help_text="One technology per line.")
    link_url = models.URLField(blank=True)
    image = models.ImageField(upload_to="portfolio/", blank=True)
    order = models.PositiveIntegerField(default=0)
    is_active = models.BooleanField("shown on the site", default=True)

    class Meta:
        ordering = ("order", "title")

    def __str__(self) -> str:
        return self.title

    @property
    def tech_list(self) -> list[str]:
        return _lines(self.tech_stack)


class PolicyPage(models.Model):
    SLUGS = (
        ("terms", "Terms and conditions"),
        ("privacy", "Privacy policy"),
        ("refund", "Refund and cancellation policy"),
    )

    slug = models.SlugField(unique=True, choices=SLUGS)
    route = models.CharField(max_length=80, unique=True, validators=[validate_site_path])
    title = models.CharField(max_length=160)
    body = models.TextField(
        help_text="Markdown. Each section starts with “## Heading”; the headings make the "
        "page's table of contents. Raw HTML is sanitised."
    )
    last_updated = models.DateField()

    class Meta:
        ordering = ("title",)
        verbose_name = "policy page"

    def __str__(self) -> str:
        return self.title

    def get_absolute_url(self) -> str:
        return self.route


class ContentBlock(models.Model):
    """A named piece of long-form text (the about page is the block keyed “about”)."""

    key = models.SlugField(unique=True)
    title = models.CharField(max_length=160)
    summary = models.CharField(
        max_length=300, blank=True, help_text="One or two sentences; also the page description."
    )
    body = models.TextField(help_text="Markdown. Sections start with “## Heading”.")
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ("key",)

    def __str__(self) -> str:
        return self.title
