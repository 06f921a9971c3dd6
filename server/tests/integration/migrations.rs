//! The migrations on a database that already holds records: nothing is lost on the way, and
//! afterwards deleting a member, service, category or job poster no longer takes bookings,
//! payments, applications or a service's reviews with it.

use crate::common;

use chrono::{NaiveDate, Utc};
use common::{Backend, empty_database};
use entity::words::{ApplicationStatus, BookingPayment, BookingStatus, PaymentStatus, ProviderStatus};
use entity::{booking, category, job, job_application, payment, provider, review, service, user};
use migration::{Migrator, MigratorTrait};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, DatabaseConnection, EntityTrait, IntoActiveModel, PaginatorTrait, QueryFilter, QuerySelect,
    TransactionTrait,
};

async fn counts(db: &DatabaseConnection) -> [u64; 7] {
    [
        // Only the id: the rows are counted before the migrations that add columns.
        booking::Entity::find().select_only().column(booking::Column::Id).count(db).await.unwrap(),
        payment::Entity::find().count(db).await.unwrap(),
        provider::Entity::find().count(db).await.unwrap(),
        job_application::Entity::find().count(db).await.unwrap(),
        review::Entity::find().count(db).await.unwrap(),
        service::Entity::find().count(db).await.unwrap(),
        job::Entity::find().count(db).await.unwrap(),
    ]
}

/// Whether deleting the row `id` is refused. Inside a transaction, as the app writes: on SQLite a
/// refused autocommit DELETE on a table with full-text triggers left its pooled connection
/// reading an old snapshot afterwards; a rolled-back transaction leaves nothing behind.
async fn refused_delete<E: EntityTrait>(db: &DatabaseConnection, id: i32) -> bool
where
    <E::PrimaryKey as sea_orm::PrimaryKeyTrait>::ValueType: From<i32>,
{
    let txn = db.begin().await.unwrap();
    let refused = E::delete_by_id(id).exec(&txn).await.is_err();
    txn.rollback().await.unwrap();
    refused
}

async fn records_outlive_what_they_point_at(backend: Backend) {
    let (_database, url) = empty_database(backend).await;
    let db = server::platform::db::connect(&url, server::platform::db::Pool::SMALL).await.unwrap();
    // The records are made at today's schema, then the schema goes back to the first migration
    // (the data stays) and forward again, so that the rebuild runs over real rows.
    Migrator::up(&db, None).await.unwrap();
    server::import::import(&db, server::import::demo(*crate::common::DEMO_DAY).unwrap()).await.unwrap();

    let member = user::Entity::find().filter(user::Column::Email.eq("demo@brightway.example")).one(&db).await.unwrap().unwrap();
    let poster = user::Entity::find().filter(user::Column::Email.eq("amelia.hughes@example.co.uk")).one(&db).await.unwrap().unwrap();
    let reviewed = review::Entity::find().one(&db).await.unwrap().unwrap();
    let service = service::Entity::find_by_id(reviewed.service_id).one(&db).await.unwrap().unwrap();
    let now = Utc::now();
    let new_booking = || booking::ActiveModel {
        user_id: Set(member.id),
        service_id: Set(service.id),
        date: Set(NaiveDate::from_ymd_opt(2030, 1, 2).unwrap()),
        time: Set("10:00".into()),
        address_line_1: Set("1 High Street".into()),
        city: Set("Leeds".into()),
        postcode: Set("LS1 1AA".into()),
        notes: Set(String::new()),
        status: Set(BookingStatus::Pending),
        amount_pence: Set(service.price_from_pence),
        payment_status: Set(BookingPayment::Paid),
        created_at: Set(now),
        ..Default::default()
    };
    let add_booking = || async { booking::Entity::insert(new_booking()).exec(&db).await.unwrap().last_insert_id };
    let booking_id = add_booking().await;
    // A cancelled and removed booking: its id must not be given again after the rebuild.
    let removed = add_booking().await;
    booking::Entity::delete_by_id(removed).exec(&db).await.unwrap();
    payment::ActiveModel {
        booking_id: Set(booking_id),
        user_id: Set(member.id),
        amount_pence: Set(service.price_from_pence),
        status: Set(PaymentStatus::Paid),
        reference: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(&db)
    .await
    .unwrap();
    provider::ActiveModel {
        user_id: Set(member.id),
        service_id: Set(service.id),
        status: Set(ProviderStatus::Pending),
        availability: Set(true),
        bio: Set("Ten years".into()),
        experience_years: Set(10),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(&db)
    .await
    .unwrap();
    let mut posted = job::Entity::find().one(&db).await.unwrap().unwrap().into_active_model();
    posted.owner_id = Set(Some(poster.id));
    let posted = posted.update(&db).await.unwrap();
    job_application::ActiveModel {
        job_id: Set(posted.id),
        user_id: Set(member.id),
        full_name: Set(member.full_name.clone()),
        email: Set(member.email.clone()),
        phone_number: Set(member.phone_number.clone()),
        cover_letter: Set("Keen".into()),
        resume: Set("resumes/x.pdf".into()),
        status: Set(ApplicationStatus::Submitted),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(&db)
    .await
    .unwrap();
    let before = counts(&db).await;

    let after_the_first = Migrator::migrations().len() as u32 - 1;
    Migrator::down(&db, Some(after_the_first)).await.unwrap();
    Migrator::up(&db, None).await.unwrap();
    assert_eq!(counts(&db).await, before, "the rebuild keeps every record");
    let next = add_booking().await;
    assert!(next > removed, "ids are never given twice");
    booking::Entity::delete_by_id(next).exec(&db).await.unwrap();

    assert!(refused_delete::<user::Entity>(&db, member.id).await, "a member with bookings and payments is not deleted with them");
    assert!(refused_delete::<service::Entity>(&db, service.id).await, "a booked, reviewed service is not deleted with its bookings");
    assert!(refused_delete::<category::Entity>(&db, service.category_id).await, "a category is not deleted with its services");
    assert!(refused_delete::<job::Entity>(&db, posted.id).await, "a job is not deleted with its applications");
    // The poster's reviews go with the account (personal data); their job stays, unowned.
    user::Entity::delete_by_id(poster.id).exec(&db).await.unwrap();
    let kept = job::Entity::find_by_id(posted.id).one(&db).await.unwrap().expect("the job outlives its poster's account");
    assert_eq!(kept.owner_id, None);
    let after = counts(&db).await;
    assert_eq!(after[..4], before[..4], "bookings, payments and applications are all still there");

    Migrator::down(&db, Some(1)).await.unwrap();
    Migrator::up(&db, None).await.unwrap();
    db.close().await.unwrap();
}
on_both_databases!(backend records_outlive_what_they_point_at);
