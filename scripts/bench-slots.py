#!/usr/bin/env python3
"""Providers at work for the benchmark: `fixture DATA OUT` writes a fixture of customers and of
approved providers with working terms around Bristol for one open fixed-price service of DATA
(one that covers Bristol where there is one),
and prints that service's slug; `book BASE SLUG FROM DAYS` then fills DAYS days from FROM
(UK dates) with bookings through the API, as customers make them, every provider's day taking
up to three jobs, and prints the service's id and how many bookings it made."""

import json
import sys
import urllib.error
import urllib.request
from datetime import date, timedelta

PROVIDERS = 24
CUSTOMERS = 12
PASSWORD = "bench-customer-password"
WHERE = "BS1 4DJ"
# The times every day is booked at: each is taken by one provider after another (the dispatch
# gives it to the one with the fewest jobs that day) until nobody is left free then.
TIMES = ["09:00", "11:00", "14:00"]
# Postcode districts of Bristol, where the providers are based.
BRISTOL = ["BS1", "BS2", "BS3", "BS4", "BS5", "BS6", "BS7", "BS8", "BS9", "BS10", "BS11", "BS13", "BS14", "BS15", "BS16"]
WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]


def fixture(data_path, out_path):
    data = json.load(open(data_path))
    fixed = sorted((s for s in data["services"] if s["status"] == "Open" and s["price_unit"] == "fixed"), key=lambda s: ("Bristol" not in s["areas"], s["slug"]))
    service = fixed[0]
    users, providers = [], []
    for n in range(CUSTOMERS):
        users.append({"email": f"bench.customer{n}@example.com", "password": PASSWORD, "full_name": f"Bench Customer {n}", "is_verified": True})
    for n in range(PROVIDERS):
        email = f"bench.provider{n}@example.com"
        users.append({"email": email, "password": PASSWORD + "-provider", "full_name": f"Bench Provider {n}", "is_verified": True})
        # Three patterns of week: weekdays split by lunch, Tuesday to Saturday, long days at the weekend too.
        if n % 3 == 0:
            hours = {day: [{"from": "08:00", "to": "12:00"}, {"from": "13:00", "to": "17:00"}] for day in WEEKDAYS[:5]}
        elif n % 3 == 1:
            hours = {day: [{"from": "09:00", "to": "17:00"}] for day in WEEKDAYS[1:6]}
        else:
            hours = {day: [{"from": "07:30", "to": "19:00"}] for day in WEEKDAYS}
        providers.append({
            "user": email,
            "services": [service["slug"]],
            "bio": "Benchmark provider.",
            "experience_years": 5,
            "terms": {
                "areas": [{"postcode": BRISTOL[n % len(BRISTOL)], "radius_miles": 10 + n % 3 * 5}],
                "hours": hours,
                "days_off": [],
                "buffer_minutes": 15 * (n % 3),
                "notice_hours": 24,
                "max_jobs_per_day": 4 + n % 2,
            },
        })
    json.dump({"format": "marketplace-fixture/1", "users": users, "providers": providers}, open(out_path, "w"))
    print(service["slug"])


def call(base, method, path, body=None, token=None):
    request = urllib.request.Request(base + path, method=method, data=None if body is None else json.dumps(body).encode())
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request) as answer:
            return answer.status, json.load(answer)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


def book(base, slug, first, days):
    service, page = None, 1
    while service is None:
        status, found = call(base, "GET", f"/api/service/?search={slug.replace('-', '+')}&page_size=100&page={page}")
        assert status == 200, found
        service = next((s["id"] for s in found["results"] if s["slug"] == slug), None)
        page += 1
    tokens = []
    for n in range(CUSTOMERS):
        status, signed_in = call(base, "POST", "/api/auth/login/", {"email": f"bench.customer{n}@example.com", "password": PASSWORD})
        assert status == 200, signed_in
        tokens.append(signed_in["access"])
    made = 0
    for day in range(days):
        when = (date.fromisoformat(first) + timedelta(days=day)).isoformat()
        for time in TIMES:
            # One booking for each provider free then, at most: the last is refused (nobody left).
            for _ in range(PROVIDERS):
                body = {"service": service, "date": when, "time": time, "address_line_1": "1 Broad Quay", "city": "Bristol", "postcode": WHERE}
                status, answer = call(base, "POST", "/api/service/booking/", body, tokens[made % CUSTOMERS])
                if status != 201:
                    assert status in (400, 409), (status, answer)
                    break
                made += 1
    print(service, made)


if __name__ == "__main__":
    if sys.argv[1] == "fixture":
        fixture(sys.argv[2], sys.argv[3])
    else:
        book(sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]))
