from ninja import Router

router = Router(tags=["referrals"])
