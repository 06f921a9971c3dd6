//! "Download my data": everything we hold about a member, as one JSON document (UK GDPR,
//! article 15). Documents and CVs are signed links that work for 15 minutes, never the files'
//! storage names. Only rows that are the member's: their id, or their address for what a
//! visitor can send (recruitment requests, a job-seeker registration), as far as [`Reach`]
//! allows.

use super::texts;
use crate::accounts::profile::user_view;
use crate::bookings::views::BookingView;
use crate::domain::uk_time;
use crate::http::AppError;
use crate::jobs::views::{JobApplicationView, JobView};
use crate::notifications::views::NotificationView;
use crate::payments::views::PaymentView;
use crate::providers::views::ProviderView;
use crate::state::AppState;
use chrono::Utc;
use entity::{
    booking, bookmark, contact_message, job, job_application, job_seeker, notification, payment, provider, recruitment_request, review, review_answer, service,
    user,
};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde_json::{Value, json};
use std::collections::HashMap;

use super::Reach;

pub async fn member_data(state: &AppState, member: &user::Model, reach: Reach) -> Result<Value, AppError> {
    let db = state.db();
    let id = member.id;
    let today = uk_time::today();
    let window = state.config().payments.refund_window_hours;

    let bookings = booking::Entity::find().filter(booking::Column::UserId.eq(id)).order_by_asc(booking::Column::Id).all(db).await?;
    let payments = payment::Entity::find().filter(payment::Column::UserId.eq(id)).order_by_asc(payment::Column::Id).all(db).await?;
    let providers = provider::Entity::find().filter(provider::Column::UserId.eq(id)).order_by_asc(provider::Column::Id).all(db).await?;
    let reviews = review::Entity::find().filter(review::Column::UserId.eq(id)).order_by_asc(review::Column::Id).all(db).await?;
    let service_ids: Vec<i32> =
        bookings.iter().map(|b| b.service_id).chain(providers.iter().map(|p| p.service_id)).chain(reviews.iter().map(|r| r.service_id)).collect();
    let services: HashMap<i32, service::Model> =
        service::Entity::find().filter(service::Column::Id.is_in(service_ids)).all(db).await?.into_iter().map(|s| (s.id, s)).collect();
    let bookings_by_id: HashMap<i32, &booking::Model> = bookings.iter().map(|b| (b.id, b)).collect();

    let booking_views: Vec<BookingView> = bookings.iter().filter_map(|b| services.get(&b.service_id).map(|s| BookingView::new(b.clone(), s, window))).collect();
    let payment_views: Vec<PaymentView> = payments
        .into_iter()
        .filter_map(|p| {
            let booking = bookings_by_id.get(&p.booking_id)?;
            let service = services.get(&booking.service_id)?;
            Some(PaymentView::new(p, booking, service))
        })
        .collect();

    // Each as the API shows it, with the postcode the member gave (never shown on the advert).
    let job_posts: Vec<Value> = job::Entity::find()
        .filter(job::Column::OwnerId.eq(id))
        .order_by_asc(job::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(|j| {
            let postcode = j.postcode.clone();
            let mut post = serde_json::to_value(JobView::new(j, today, Some(id), None, &state.config().public_url)).expect("a job serialises");
            post["postcode"] = json!(postcode);
            post
        })
        .collect();
    let applications = job_application::Entity::find().filter(job_application::Column::UserId.eq(id)).order_by_asc(job_application::Column::Id).all(db).await?;
    let jobs: HashMap<i32, job::Model> =
        job::Entity::find().filter(job::Column::Id.is_in(applications.iter().map(|a| a.job_id))).all(db).await?.into_iter().map(|j| (j.id, j)).collect();
    let application_views: Vec<JobApplicationView> =
        applications.into_iter().filter_map(|a| jobs.get(&a.job_id).map(|j| JobApplicationView::new(a, j, today, &state.storage))).collect();

    let notifications: Vec<NotificationView> = notification::Entity::find()
        .filter(notification::Column::UserId.eq(id))
        .order_by_asc(notification::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(NotificationView::from)
        .collect();
    let bookmarks: Vec<Value> = bookmark::Entity::find()
        .filter(bookmark::Column::UserId.eq(id))
        .order_by_asc(bookmark::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(|b| json!({"service": b.service_id, "job": b.job_id, "created_at": crate::http::timestamp(b.created_at)}))
        .collect();
    let review_views: Vec<Value> = reviews
        .into_iter()
        .map(|r| json!({"id": r.id, "service": r.service_id, "service_title": services.get(&r.service_id).map(|s| s.title.clone()), "booking": r.booking_id, "rating": r.rating, "review": r.review, "created_at": crate::http::timestamp(r.created_at)}))
        .collect();
    let review_answers: Vec<Value> = review_answer::Entity::find()
        .filter(review_answer::Column::AuthorUserId.eq(id))
        .order_by_asc(review_answer::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(|a| json!({"review": a.review_id, "answer": a.answer, "created_at": crate::http::timestamp(a.created_at)}))
        .collect();

    let recruitment: Vec<Value> = recruitment_request::Entity::find()
        .filter(reach.recruitment_requests(id, &member.email))
        .order_by_asc(recruitment_request::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(|r| {
            json!({
                "id": r.id, "company_name": r.company_name, "contact_name": r.contact_name, "email": r.email, "phone_number": r.phone_number,
                "role": r.role, "number_of_staff": r.number_of_staff, "location": r.location, "start_date": r.start_date.map(|d| d.to_string()),
                "details": r.details, "created_at": crate::http::timestamp(r.created_at),
            })
        })
        .collect();
    let contact: Vec<Value> = contact_message::Entity::find()
        .filter(reach.contact_messages(id, &member.email))
        .order_by_asc(contact_message::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(|m| {
            json!({
                "id": m.id, "full_name": m.full_name, "email": m.email, "phone_number": m.phone_number,
                "subject": m.subject, "message": m.message, "created_at": crate::http::timestamp(m.created_at),
            })
        })
        .collect();
    let talent: Vec<Value> = job_seeker::Entity::find()
        .filter(reach.job_seekers(id, &member.email))
        .order_by_asc(job_seeker::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(|s| {
            json!({
                "id": s.id, "full_name": s.full_name, "email": s.email, "phone_number": s.phone_number,
                "roles": s.roles.lines().collect::<Vec<_>>(),
                "locations": s.locations.lines().collect::<Vec<_>>(),
                "near_district": s.near_district, "within_miles": s.within_miles,
                "employment_types": s.employment_types.split(',').filter(|t| !t.is_empty()).collect::<Vec<_>>(),
                "cv": state.storage.signed_url(&s.cv), "job_alerts": s.alerts, "created_at": crate::http::timestamp(s.created_at),
            })
        })
        .collect();

    Ok(json!({
        "about": texts::export_about(&state.brand().await, &crate::http::timestamp(Utc::now())),
        "generated_at": crate::http::timestamp(Utc::now()),
        "account": user_view(state, member).await?,
        "bookings": booking_views,
        "payments": payment_views,
        "job_posts": job_posts,
        "job_applications": application_views,
        "provider_records": providers.into_iter().map(ProviderView::from).collect::<Vec<_>>(),
        "reviews": review_views,
        "review_answers": review_answers,
        "notifications": notifications,
        "bookmarks": bookmarks,
        "recruitment_requests": recruitment,
        "contact_messages": contact,
        "talent_registrations": talent,
    }))
}
