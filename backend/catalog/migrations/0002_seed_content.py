"""Seed content: site settings with obvious placeholder values, the team and the six
project packages of docs/product.md §2. Staff edit all of it in the admin afterwards; running
migrations again never overwrites their edits (rows are created only when missing)."""

from django.db import migrations

WEB_FEATURES = [
    "Free hosting for 1 year",
    "Free domain for 1 year",
    "SEO-ready website",
    "Business e-mail",
    "SSL certificate",
    "Control panel",
]
APP_FEATURES = [
    "UI/UX design",
    "Backend and API integration",
    "Testing and debugging",
    "Maintenance and support",
]
IOT_FEATURES = [
    "Sensor integration",
    "Cloud connectivity",
    "Remote monitoring",
    "Data analytics",
    "Security",
    "Hardware prototyping",
]

PACKAGES = [
    (
        "web-project",
        "Web Project",
        50,
        "A fast, responsive website for your business or portfolio.",
        WEB_FEATURES,
    ),
    (
        "full-stack-web-project",
        "Full Stack Web Project",
        100,
        "A web application with a database, accounts and an admin panel.",
        WEB_FEATURES,
    ),
    (
        "e-commerce-project",
        "E-Commerce Project",
        170,
        "An online store with catalogue, cart and payments.",
        WEB_FEATURES,
    ),
    (
        "iot-project",
        "IoT Project",
        30,
        "Connected devices that measure, report and respond.",
        IOT_FEATURES,
    ),
    (
        "ios-app-project",
        "iOS App Project",
        500,
        "A native iPhone and iPad app, ready for the App Store.",
        [*APP_FEATURES, "Deployment", "Analytics"],
    ),
    (
        "android-app-project",
        "Android App Project",
        300,
        "A native Android app, ready for Google Play.",
        APP_FEATURES,
    ),
]

TEAM = [
    (
        "Founder Name (placeholder)",
        "Founder & Lead Engineer",
        "Leads project delivery and mentors our interns. Staff replace this profile in the back office.",
    ),
    (
        "Trainer Name (placeholder)",
        "Lead Trainer",
        "Teaches the live web development, Java and Python batches. Staff replace this profile in the back office.",
    ),
    (
        "Developer Name (placeholder)",
        "Mobile & IoT Developer",
        "Builds Android, iOS and IoT projects for clients. Staff replace this profile in the back office.",
    ),
]

PHRASES = "\n".join(
    [
        "Websites that load fast on every phone",
        "Android and iOS apps",
        "IoT solutions",
        "Live online courses",
        "Internships with real projects",
    ]
)


def seed(apps, schema_editor):
    SiteSettings = apps.get_model("catalog", "SiteSettings")
    TeamMember = apps.get_model("catalog", "TeamMember")
    ProjectPackage = apps.get_model("catalog", "ProjectPackage")

    SiteSettings.objects.get_or_create(
        pk=1,
        defaults={
            "brand_name": "YourBrand (placeholder)",
            "tagline": "Software projects, courses and internships",
            "email": "hello@example.com",
            "phone": "+91 90000 00000",
            "address": "Placeholder address, City, State 000000, India",
            "facebook_url": "https://facebook.com/your-page-placeholder",
            "instagram_url": "https://instagram.com/your-handle-placeholder",
            "linkedin_url": "https://www.linkedin.com/company/your-company-placeholder",
            "youtube_url": "https://youtube.com/@your-channel-placeholder",
            "whatsapp_number": "919000000000",
            "upi_payee_id": "placeholder@upi",
            "upi_payee_name": "YourBrand (placeholder)",
            "typed_phrases": PHRASES,
        },
    )
    if not TeamMember.objects.exists():
        for order, (name, role, bio) in enumerate(TEAM):
            TeamMember.objects.create(name=name, role=role, bio=bio, order=order)
    for order, (slug, name, price, summary, features) in enumerate(PACKAGES):
        ProjectPackage.objects.get_or_create(
            slug=slug,
            defaults={
                "name": name,
                "price_usd": price,
                "summary": summary,
                "features": "\n".join(features),
                "order": order,
            },
        )


class Migration(migrations.Migration):
    dependencies = [("catalog", "0001_initial")]
    operations = [migrations.RunPython(seed, migrations.RunPython.noop)]
