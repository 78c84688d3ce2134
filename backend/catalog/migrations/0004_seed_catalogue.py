"""Seed the catalogue of docs/product.md §2: courses and the bootcamp, internship domains, the
programme table, events with the BGMI tournaments, sample portfolio items, the three
policy pages and the about page.

Rows are matched by slug (or key/title) and created only when missing, so running
migrations again never overwrites what staff changed in the admin. The content lives here,
not imported from the app, so this migration keeps working whatever the code becomes.
"""

import datetime

from django.db import migrations

# --- Courses ---------------------------------------------------------------------------

COURSES = [
    {
        "slug": "web-development",
        "name": "Web Development (MERN stack)",
        "short_name": "Web Development",
        "route": "/Web-Development-registration",
        "summary": "Build complete web applications with MongoDB, Express, React and Node.js.",
        "description": (
            "A live, instructor-led course that takes you from your first HTML page to a "
            "deployed full-stack application. Every topic ends with something you build, and "
            "the course closes with a MERN project you can show in interviews.\n\n"
            "Classes are live online in the evening, so you can join alongside college or "
            "work, and bring your questions and your code to the Sunday doubt session."
        ),
        "list_fee": 2499,
        "offer_fee": 999,
        "offer_label": "Offer price",
        "duration_text": "3 Months",
        "timing": "9:00 PM - 11:00 PM",
        "days": "Mon/Wed/Fri",
        "doubt_session": "Sunday",
        "referral_reward": 150,
        "order": 0,
        "highlights": [
            "Live online classes three evenings a week",
            "Weekly doubt-clearing session",
            "A deployed full-stack MERN capstone project",
            "Code reviews on your assignments",
            "Certificate of completion",
        ],
        "syllabus": [
            "How the web works: HTTP, browsers, DNS and hosting",
            "HTML5 and semantic, accessible markup",
            "CSS3, Flexbox, Grid and responsive design",
            "Modern JavaScript (ES6+): functions, objects, modules, promises and async/await",
            "Git and GitHub for everyday work",
            "React: components, props, state, hooks and React Router",
            "Calling APIs from React and handling forms",
            "Node.js and Express: routing, middleware and REST APIs",
            "MongoDB and Mongoose: schemas, queries and relations",
            "Authentication with JWT and password hashing",
            "Deploying the frontend and the API",
            "Capstone: a full-stack MERN application",
        ],
    },
    {
        "slug": "android-development",
        "name": "Android with Java",
        "short_name": "Android Development",
        "route": "/Android-Development-registration",
        "summary": "Design, build and publish Android apps in Java with Android Studio.",
        "description": (
            "Learn to build real Android apps in Java, from layouts and activities to "
            "databases, networking and publishing. You write an app every week and finish "
            "with one ready for the Play Store.\n\n"
            "Some Java helps but is not required: the first weeks cover the Java you need."
        ),
        "list_fee": 3499,
        "offer_fee": None,
        "offer_label": "",
        "duration_text": "3 Months",
        "timing": "9:00 PM - 11:00 PM",
        "days": "Mon/Wed/Fri",
        "doubt_session": "Sunday",
        "referral_reward": 200,
        "order": 1,
        "highlights": [
            "Live online classes three evenings a week",
            "Weekly doubt-clearing session",
            "A complete app, ready for the Play Store",
            "Hands-on with Android Studio from day one",
            "Certificate of completion",
        ],
        "syllabus": [
            "Java essentials for Android: classes, interfaces, collections and exceptions",
            "Android Studio, Gradle and the emulator",
            "Activities, intents and the activity lifecycle",
            "Layouts with ConstraintLayout and Material components",
            "RecyclerView, adapters and lists",
            "Fragments and navigation",
            "Storing data: SharedPreferences and Room (SQLite)",
            "Networking with Retrofit and JSON",
            "Firebase authentication and Cloud Firestore",
            "Notifications, permissions and background work",
            "Testing and debugging apps",
            "Signing and publishing on Google Play",
        ],
    },
    {
        "slug": "java",
        "name": "Java",
        "short_name": "Java",
        "route": "/java-registration",
        "summary": "Core Java and object-oriented programming, from basics to JDBC and projects.",
        "description": (
            "A solid grounding in Java for beginners and for students preparing for "
            "placements. You learn to think in objects, use the standard library well and "
            "write programs that talk to a database.\n\n"
            "Each class mixes explanation with live coding, and every week ends with "
            "practice problems of the kind asked in interviews."
        ),
        "list_fee": 2499,
        "offer_fee": 499,
        "offer_label": "Promotional offer",
        "duration_text": "3 Months",
        "timing": "9:00 PM - 11:00 PM",
        "days": "Mon/Wed/Fri",
        "doubt_session": "Sunday",
        "referral_reward": 100,
        "order": 2,
        "highlights": [
            "Live online classes three evenings a week",
            "Weekly doubt-clearing session",
            "Interview-style practice problems every week",
            "A console and database mini project",
            "Certificate of completion",
        ],
        "syllabus": [
            "Setting up the JDK and an IDE; how Java runs",
            "Variables, data types, operators and control flow",
            "Arrays and strings",
            "Classes and objects, constructors and methods",
            "Inheritance, polymorphism, abstraction and encapsulation",
            "Interfaces and packages",
            "Exception handling",
            "Collections framework: List, Set, Map and generics",
            "File handling and streams",
            "Multithreading basics",
            "Lambdas and the Stream API",
            "JDBC with MySQL and a mini project",
        ],
    },
    {
        "slug": "python",
        "name": "Python (Basic Python)",
        "short_name": "Python",
        "route": "/python-registration",
        "summary": "Programming from scratch with Python: the language, its libraries and small projects.",
        "description": (
            "The right first course if you have never programmed. You learn Python step by "
            "step, write small programs from the first class and finish by automating a "
            "real task and building a small project.\n\n"
            "Classes are in the early evening, with a doubt session every Saturday."
        ),
        "list_fee": 4499,
        "offer_fee": None,
        "offer_label": "",
        "duration_text": "3 Months",
        "timing": "5:00 PM - 7:00 PM",
        "days": "Mon/Wed/Fri",
        "doubt_session": "Saturday",
        "referral_reward": 300,
        "order": 3,
        "highlights": [
            "Live online classes three evenings a week",
            "Weekly doubt-clearing session",
            "No programming experience needed",
            "Small projects and automation scripts",
            "Certificate of completion",
        ],
        "syllabus": [
            "Installing Python, the interpreter and VS Code",
            "Variables, numbers, strings and input/output",
            "Conditions and loops",
            "Lists, tuples, dictionaries and sets",
            "Functions, arguments and scope",
            "Modules, packages and pip",
            "Working with files, CSV and JSON",
            "Errors and exception handling",
            "Object-oriented programming in Python",
            "Useful libraries: datetime, random, requests",
            "Automating everyday tasks",
            "Final project",
        ],
    },
    {
        "slug": "java-android-bootcamp",
        "name": "Java + Android Bootcamp",
        "short_name": "Java + Android Bootcamp",
        "route": "/java+android_bootcamp",
        "summary": "A one-month, fast-paced introduction to Java and Android app development.",
        "description": (
            "A short, intensive bootcamp for students who want to try app development "
            "before committing to a full course. You cover the Java you need, then build and "
            "run your first Android app.\n\n"
            "Pay the fee with UPI to reserve your place; the team confirms your seat and "
            "shares the schedule."
        ),
        "list_fee": 199,
        "offer_fee": None,
        "offer_label": "",
        "duration_text": "1 Month",
        "timing": "",
        "days": "",
        "doubt_session": "",
        "referral_reward": 0,
        "order": 10,
        "is_bootcamp": True,
        "highlights": [
            "Java fundamentals in the first two weeks",
            "Your first Android app in the last two weeks",
            "Live online sessions with a mentor",
            "Certificate of completion",
        ],
        "syllabus": [
            "Java basics: variables, control flow and methods",
            "Object-oriented programming in Java",
            "Android Studio and project structure",
            "Layouts, activities and intents",
            "Building and running a simple app",
        ],
    },
]

# --- Internship domains ----------------------------------------------------------------

DOMAINS = [
    (
        "web-development",
        "Web Development",
        "web",
        True,
        "Build responsive websites and web apps with HTML, CSS, JavaScript and React on real tasks.",
    ),
    (
        "android-development",
        "Android Development",
        "android",
        True,
        "Create Android apps in Java: layouts, data storage, APIs and publishing.",
    ),
    (
        "iot",
        "Internet of Things",
        "iot",
        True,
        "Connect sensors and microcontrollers to the cloud and build monitoring dashboards.",
    ),
    (
        "ui-ux-design",
        "UI/UX Design",
        "uiux",
        False,
        "Research users, sketch flows and design clean, accessible interfaces in Figma.",
    ),
    (
        "python",
        "Python",
        "python",
        False,
        "Write Python scripts and small applications, from automation to data handling.",
    ),
    (
        "machine-learning",
        "Machine Learning",
        "ml",
        False,
        "Prepare data, train models with scikit-learn and evaluate them properly.",
    ),
    (
        "artificial-intelligence",
        "Artificial Intelligence",
        "ai",
        False,
        "Explore neural networks, computer vision and language models on guided projects.",
    ),
    (
        "java",
        "Java",
        "java",
        False,
        "Strengthen core Java and object-oriented design by building console and database apps.",
    ),
]

# --- Programme -------------------------------------------------------------------------

PROGRAMME = [
    ("Live Projects", "Work on 3 live projects alongside our developers", "2 months"),
    ("Summer Internship", "A guided internship with weekly tasks and reviews", "2 months"),
    (
        "Industrial Project Completion Certificate",
        "Issued when your industrial project is complete",
        "Duration varies",
    ),
    (
        "Internship Completion Certificate",
        "Issued when you finish the internship tasks",
        "2 months",
    ),
    (
        "Job Opportunities",
        "Strong performers are considered for openings",
        "After 2 months of live projects and 2 months of internship",
    ),
]

# --- Events ----------------------------------------------------------------------------

CODING_DETAILS = """## About the competition

A timed online programming contest for college students. Solve a set of problems of
increasing difficulty in the language you know best: C, C++, Java or Python.

## Format

- Individual participation
- Problems on arrays, strings, recursion, sorting and basic data structures
- Ranking by problems solved, then by total time

## Registration

Registration is not open yet. The date, fee and prizes will be announced on this page.
"""

BGMI_DETAILS = """## About the tournaments

Online Battlegrounds Mobile India (BGMI) custom-room matches for squads. Three
tournaments were played on the same day, each with its own entry fee and prize pool.

## Rules

- Squads of four players; every player needs their own BGMI account
- Room ID and password are shared with registered teams before the match
- Emulators, hacks and teaming up with other squads lead to disqualification
- The organisers' decision on results is final
"""

HACKATHON_DETAILS = """## About the hackathon

A two-day online web development hackathon. Teams build a working web application
around a theme announced at the opening session, then present it to the judges.

## Who can take part

Students and beginners are welcome. Work alone or in a team of up to four.

## Schedule

- Day 1: opening session, theme announcement and building
- Day 2: building, submission and presentations

## Judging

Projects are judged on functionality, design and usability, code quality, and how well
they fit the theme. Every participant who submits a project receives a participation
certificate.
"""

EVENTS = [
    {
        "slug": "coding-competition",
        "kind": "coding_competition",
        "title": "Coding Competition",
        "summary": "An online programming contest for students. Dates and prizes will be announced soon.",
        "details": CODING_DETAILS,
        "starts_on": datetime.date(2027, 1, 16),
        "ends_on": None,
        "fee": None,
        "fee_note": "To be announced",
        "prize_pool": "To be announced",
        "registration_open": False,
        "route": "",
        "order": 0,
    },
    {
        "slug": "bgmi-tournaments",
        "kind": "gaming",
        "title": "BGMI Tournaments",
        "summary": "Three online BGMI squad tournaments with entry fees from ₹20 per team.",
        "details": BGMI_DETAILS,
        "starts_on": datetime.date(2023, 10, 10),
        "ends_on": None,
        "fee": None,
        "fee_note": "Entry fee per team depends on the tournament",
        "prize_pool": "Up to ₹500",
        "registration_open": False,
        "route": "/BGMI-Events",
        "order": 1,
    },
    {
        "slug": "web-development-hackathon",
        "kind": "hackathon",
        "title": "Web Development Hackathon",
        "summary": "A two-day online hackathon: build a web application around a surprise theme.",
        "details": HACKATHON_DETAILS,
        "starts_on": datetime.date(2024, 3, 26),
        "ends_on": datetime.date(2024, 3, 27),
        "fee": 99,
        "fee_note": "registration",
        "prize_pool": "",
        "registration_open": False,
        "route": "/hackathon",
        "order": 2,
    },
]

TOURNAMENTS = [
    ("BGMI Squad Match 1", 20, "₹30", 0),
    ("BGMI Squad Match 2", 20, "₹30", 1),
    ("BGMI Championship", 50, "₹500 (1st) / ₹300 (2nd)", 2),
]

# --- Portfolio -------------------------------------------------------------------------

SAMPLE_NOTE = " This is a sample entry; staff replace it with delivered work."

PORTFOLIO = [
    (
        "sample-restaurant-ordering-website",
        "Sample: Restaurant ordering website",
        "web",
        "A menu, cart and order-tracking website for a local restaurant.",
        "Customers browse the menu, order for pickup or delivery and follow their order's status. "
        "The owner edits dishes and prices from an admin panel.",
        ["React", "Node.js", "Express", "MongoDB"],
    ),
    (
        "sample-coaching-institute-website",
        "Sample: Coaching institute website",
        "web",
        "A fast, SEO-ready website with course pages and an enquiry form.",
        "Course pages, faculty profiles, results and an enquiry form that e-mails the front desk. "
        "Hosted with a free domain and SSL for the first year.",
        ["HTML", "CSS", "JavaScript", "PHP"],
    ),
    (
        "sample-online-clothing-store",
        "Sample: Online clothing store",
        "web",
        "An e-commerce store with catalogue, cart and UPI payments.",
        "Product variants by size and colour, a cart, UPI and card checkout and an order dashboard.",
        ["React", "Node.js", "MongoDB", "Razorpay"],
    ),
    (
        "sample-grocery-delivery-app",
        "Sample: Grocery delivery Android app",
        "app",
        "An Android app for ordering groceries from neighbourhood stores.",
        "Store listings, search, cart, order history and push notifications when an order is on its way.",
        ["Java", "Android SDK", "Firebase"],
    ),
    (
        "sample-smart-irrigation-system",
        "Sample: Smart irrigation system",
        "iot",
        "Soil-moisture sensors that water a field automatically and report to a dashboard.",
        "Sensor nodes measure soil moisture, a controller switches the pump and a web dashboard shows "
        "readings and alerts in real time.",
        ["ESP32", "Soil moisture sensors", "MQTT", "Node-RED"],
    ),
]

# --- Policies --------------------------------------------------------------------------

POLICY_DATE = datetime.date(2023, 4, 1)

PRIVACY = """This privacy policy explains what personal information we collect when you use
this website and our services (courses, internships, events, projects and certificate
verification), how we use it and the choices you have. In this policy "we", "us" and "our"
mean the company that runs this website; "you" means any visitor, student or client.

## Information we collect

- **Account details**: your name, mobile number and, if you give it, your e-mail address
  when you sign up. Your password is stored only as a secure one-way hash.
- **Enrolment and payment details**: the course, internship or event you register for, the
  referral code you use and the UPI transaction reference you submit. We do not receive or
  store your UPI PIN, card or bank account details; payments are handled by your UPI app
  and bank.
- **Messages**: what you write in the contact and quote forms.
- **Certificates**: the name, domain, duration and certificate ID on certificates we issue.
- **Technical data**: your IP address, browser type and the pages you visit, recorded in
  server logs and used to keep the site secure and working.

## How we use your information

- To create and run your account, including your referral code and rewards
- To enrol you in courses, internships and events, confirm payments and issue certificates
- To reply to your enquiries and prepare quotes
- To send service messages about your enrolment, classes or payments
- To prevent fraud, abuse and misuse of the website
- To improve our courses, services and website

We do not sell your personal information.

## Disclosure of information

We share personal information only when it is needed:

- with service providers who help us run the website (hosting, e-mail delivery), under
  obligations of confidentiality;
- with anyone who verifies a certificate: entering a certificate ID shows the name, domain
  and duration on that certificate, so that employers and institutions can check it;
- when required by law, a court order or a government authority, or to protect our rights,
  our users or the public.

## Data retention

We keep account and enrolment records for as long as your account is active and
afterwards for as long as needed for accounting, tax and legal purposes. Certificate
records are kept so that certificates can be verified in the future. Messages sent through
our forms are deleted when they are no longer needed to serve you.

## Your rights

You may ask us to access, correct or update the personal information we hold about you,
or to delete your account. Some records (payments, issued certificates) may have to be kept
where the law requires it. To make a request, contact us as described below.

## Children under 13

Our services are not directed to children under 13 and we do not knowingly collect their
personal information. If you believe a child under 13 has given us personal information,
contact us and we will delete it. Students under 18 should use our services with the
consent of a parent or guardian.

## Do Not Track

Some browsers send a "Do Not Track" signal. There is no common standard for responding to
it, so our website does not change its behaviour when it receives one. We do not track you
across other websites.

## Security

We protect your information with reasonable security practices: encrypted connections
(HTTPS), hashed passwords, limited staff access and regular updates. No method of
transmission or storage is completely secure, so we cannot guarantee absolute security.

## Data breach

If a security breach affects your personal information, we will take prompt steps to
contain it, inform the affected users without undue delay and notify the authorities where
Indian law requires it.

## Changes to this policy

We may update this policy from time to time. The date at the top of this page shows when
it last changed. Significant changes will be announced on the website.

## Refunds

Payments and refunds are covered by our refund and cancellation policy, which is part of
the terms of using our services.

## Acceptance of this policy

By using this website or our services you accept this privacy policy. If you do not agree
with it, please do not use the website.

## Contact us

For questions about this policy or your personal information, write to us through the
contact page of this website. Our contact details are listed there and in the footer of
every page.
"""

TERMS = """These terms and conditions govern your use of this website and of the services we
offer: online courses, bootcamps, internships, events, certificate verification and
software projects built to order. In these terms "we", "us" and "our" mean the company
that runs this website, and "you" means the visitor, student or client. By using the
website or our services you agree to these terms.

## Accounts

You must give true details when you sign up and keep your password secret. You are
responsible for what happens under your account. One person may hold one account. We may
suspend accounts that are used for fraud or abuse.

## Courses, internships and events

- Fees, schedules and durations are shown on each course or event page. Fees are in Indian
  rupees and payable in advance.
- Your place is confirmed once our team has verified your payment.
- Class timings may change occasionally; we will inform enrolled students in advance.
- Course material, recordings and task files are for your personal learning only and may
  not be shared or resold.
- Certificates are issued to students who complete the course or internship requirements.
  We may revoke a certificate obtained by copying, cheating or false information.

## Referral programme

Registered users receive a referral code. A referral is successful when a new student
enrols with your code and their payment is confirmed by our team. The reward for each
course is shown on its page and is paid once per successful enrolment. You cannot use your
own code. We may withhold rewards gained through fake or duplicate enrolments and may change
or end the programme with notice on the website.

## Project terms

These terms apply to websites, applications and IoT projects we build for clients.

- **Scope and quote**: the work, price and timeline are agreed in writing before work
  starts. Prices shown on the website are starting prices; the final price depends on the
  agreed requirements.
- **Payment**: an advance is payable before work starts and the balance before final
  delivery or handover, as stated in the quote.
- **Extra work**: new requirements added after the scope is agreed are charged from
  **Rs. 2,000 per hour**. Customisation of delivered features (changes to design, content or
  behaviour within the agreed scope) is charged at **Rs. 500 per hour**. We tell you the
  estimate before doing any paid extra work.
- **Your content**: you provide texts, images, logos and access details on time and
  confirm that you have the right to use them. Delays in providing them may move the
  delivery date.
- **Hosting and domain**: where a package includes free hosting and a domain for one year,
  renewal after the first year is charged at the provider's prevailing rates.
- **Delivery and acceptance**: you review the delivered work and report problems within
  seven days. Fixes of defects in the agreed scope are free within that period.
- **Ownership**: once paid in full, you own the delivered project. We may mention the
  project in our portfolio unless you ask us not to.
- **Support**: maintenance and support are provided as described in your package or quote.

## Acceptable use

You agree not to misuse the website: no attempts to break in, overload it, scrape it in
bulk, impersonate others or upload harmful content.

## Intellectual property

The website, its design, course content and materials belong to us or our licensors. You
may not copy or republish them without our written permission.

## Payments

Payments are made through UPI or other methods shown on the website. Refunds are governed by
our refund and cancellation policy.

## Limitation of liability

We provide our services with reasonable care and skill. To the extent permitted by law, we
are not liable for indirect or consequential losses, and our total liability for any claim is
limited to the amount you paid for the service concerned.

## Governing law

These terms are governed by the laws of India. Disputes are subject to the jurisdiction of
the courts where the company is registered.

## Changes to these terms

We may update these terms from time to time. The date on this page shows when they last
changed; continuing to use the website means you accept the updated terms.

## Contact us

Questions about these terms are welcome through the contact page of this website.
"""

REFUND = """This policy explains when payments made to us for courses, bootcamps,
internships, events and projects are refunded. In this policy "we", "us" and "our" mean the
company that runs this website.

## No refunds

All payments are final. Once a service has been allotted to you (for example, you have
been given a seat in a batch, access to an internship, a slot in an event, or work on your
project has started) the fee is not refunded, whether or not you attend or use the service.

## When we refund in full

If you paid for a service and it was **not allotted** to you (for example, the batch was
full, the event was cancelled or the service could not be provided), we refund the full
amount you paid.

## Cancellations

- **By you**: you may cancel at any time, but the no-refund rule above applies once the
  service has been allotted.
- **By us**: if we cancel a course batch, event or project before it is allotted or
  delivered, you receive a full refund or, if you prefer, a place in a later batch or event.

## How to request a refund

Write to us through the contact page with your name, registered mobile number, the
service you paid for and the UPI transaction reference (UTR) of your payment.

## Processing time

Approved refunds are sent to the original payment method (normally the UPI account you
paid from) within 7 working days of approval. Your bank may take a few more days to show the
credit.

## Contact us

For any question about payments or refunds, use the contact page of this website.
"""

POLICIES = [
    ("terms", "/t&c", "Terms and Conditions", TERMS),
    ("privacy", "/privacy-policy", "Privacy Policy", PRIVACY),
    ("refund", "/refund-and-cancellation-policy", "Refund and Cancellation Policy", REFUND),
]

ABOUT_SUMMARY = (
    "We are a software-services and training company in India: we build websites, apps and "
    "IoT solutions for clients and teach students the skills we use every day."
)

ABOUT = """## Who we are

We are a small team of developers and trainers based in India. We build software for
businesses and we teach: the same people who deliver client projects lead our live
classes, so what you learn is what the industry uses today.

## What we do

- **Projects**: websites, full-stack web applications, e-commerce stores, Android and iOS
  apps and IoT solutions, from a first quote to launch and support.
- **Courses**: live online courses in web development (MERN stack), Java, Android with
  Java and Python, with a certificate on completion.
- **Internships**: guided internships with weekly tasks, live projects and completion
  certificates.
- **Events**: coding competitions, hackathons and gaming tournaments for students.

## How we teach

Classes are live and small enough for questions. Every course has a weekly doubt session,
assignments that are reviewed and a final project you can show to employers. Certificates
we issue can be checked by anyone on our verification page.

## Why work with us

Clear prices, honest timelines and direct contact with the developers who build your
project. Tell us what you need through the contact page and we will reply with a plan and
a quote.
"""


def seed(apps, schema_editor):
    Course = apps.get_model("catalog", "Course")
    InternshipDomain = apps.get_model("catalog", "InternshipDomain")
    ProgrammeRow = apps.get_model("catalog", "ProgrammeRow")
    Event = apps.get_model("catalog", "Event")
    Tournament = apps.get_model("catalog", "Tournament")
    PortfolioItem = apps.get_model("catalog", "PortfolioItem")
    PolicyPage = apps.get_model("catalog", "PolicyPage")
    ContentBlock = apps.get_model("catalog", "ContentBlock")

    for course in COURSES:
        defaults = dict(course)
        slug = defaults.pop("slug")
        defaults["highlights"] = "\n".join(defaults["highlights"])
        defaults["syllabus"] = "\n".join(defaults["syllabus"])
        defaults.setdefault("mode", "Online")
        defaults.setdefault("certificate", True)
        # A staff-made course may already use the route: leave both alone then.
        if Course.objects.filter(route=defaults["route"]).exclude(slug=slug).exists():
            continue
        Course.objects.get_or_create(slug=slug, defaults=defaults)

    for order, (slug, title, icon, is_open, summary) in enumerate(DOMAINS):
        InternshipDomain.objects.get_or_create(
            slug=slug,
            defaults={
                "title": title,
                "icon": icon,
                "is_open": is_open,
                "summary": summary,
                "order": order,
            },
        )

    for order, (title, detail, duration) in enumerate(PROGRAMME):
        ProgrammeRow.objects.get_or_create(
            title=title, defaults={"detail": detail, "duration_text": duration, "order": order}
        )

    for event in EVENTS:
        defaults = dict(event)
        slug = defaults.pop("slug")
        row, created = Event.objects.get_or_create(slug=slug, defaults=defaults)
        if created and slug == "bgmi-tournaments":
            for name, fee, prize, order in TOURNAMENTS:
                Tournament.objects.create(
                    event=row,
                    name=name,
                    starts_on=datetime.date(2023, 10, 10),
                    entry_fee=fee,
                    fee_note="per team",
                    prize_pool=prize,
                    order=order,
                )

    for order, (slug, title, category, summary, description, tech) in enumerate(PORTFOLIO):
        PortfolioItem.objects.get_or_create(
            slug=slug,
            defaults={
                "title": title,
                "category": category,
                "summary": summary + SAMPLE_NOTE,
                "description": description,
                "tech_stack": "\n".join(tech),
                "order": order,
            },
        )

    for slug, route, title, body in POLICIES:
        if PolicyPage.objects.filter(route=route).exclude(slug=slug).exists():
            continue
        PolicyPage.objects.get_or_create(
            slug=slug,
            defaults={"route": route, "title": title, "body": body, "last_updated": POLICY_DATE},
        )

    ContentBlock.objects.get_or_create(
        key="about", defaults={"title": "About us", "summary": ABOUT_SUMMARY, "body": ABOUT}
    )


class Migration(migrations.Migration):
    dependencies = [("catalog", "0003_catalogue_models")]
    operations = [migrations.RunPython(seed, migrations.RunPython.noop)]
