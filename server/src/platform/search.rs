//! Text search in the database, the same on SQLite and PostgreSQL.

use sea_orm::sea_query::{Expr, ExprTrait, Func, IntoColumnRef, LikeExpr, SimpleExpr};

/// `column` contains `needle`, ignoring case; `%` and `_` in the needle match themselves.
pub fn contains_ignoring_case(column: impl IntoColumnRef, needle: &str) -> SimpleExpr {
    let escaped = needle.to_lowercase().replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
    Expr::expr(Func::lower(Expr::col(column))).like(LikeExpr::new(format!("%{escaped}%")).escape('\\'))
}
