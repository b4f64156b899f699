"""Each player's own evening (issue 36): a private link per player, the members' e-mail
addresses and consent, the outbox, the erasures, and the event's edition of its results.

Existing players get a token of their own each (a callable default gives every row the
same value when a column is added): the column is added empty, filled row by row, then
made unique and required."""

import secrets

import django.db.models.deletion
import tournaments.models.mail
import tournaments.models.players
from django.conf import settings
from django.db import migrations, models


def give_tokens(apps, schema_editor):
    Player = apps.get_model("tournaments", "Player")
    for player in Player.objects.only("pk").iterator():
        Player.objects.filter(pk=player.pk).update(evening_token=secrets.token_urlsafe(24))


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0016_one_name_per_concept'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='event',
            name='results_edition',
            field=models.PositiveSmallIntegerField(default=0, editable=False),
        ),
        migrations.AddField(
            model_name='player',
            name='evening_token',
            field=models.CharField(editable=False, max_length=64, null=True),
        ),
        migrations.RunPython(give_tokens, migrations.RunPython.noop, elidable=True),
        migrations.AlterField(
            model_name='player',
            name='evening_token',
            field=models.CharField(default=tournaments.models.players.new_evening_token, editable=False, max_length=64, unique=True),
        ),
        migrations.CreateModel(
            name='MemberMail',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('address', models.EmailField(max_length=254, verbose_name='e-mail address')),
                ('language', models.CharField(choices=[('de', 'German'), ('en', 'English')], default='de', max_length=5, verbose_name='language of the mails')),
                ('state', models.CharField(choices=[('pending', "waiting for the member's confirmation"), ('confirmed', 'results by e-mail'), ('stopped', 'unsubscribed')], default='pending', max_length=10, verbose_name='state')),
                ('confirm_token', models.CharField(default=tournaments.models.mail.new_mail_token, max_length=64, unique=True)),
                ('unsubscribe_token', models.CharField(default=tournaments.models.mail.new_mail_token, max_length=64, unique=True)),
                ('asked_at', models.DateTimeField(blank=True, null=True, verbose_name='confirmation asked')),
                ('confirmed_at', models.DateTimeField(blank=True, null=True, verbose_name='confirmed')),
                ('stopped_at', models.DateTimeField(blank=True, null=True, verbose_name='unsubscribed')),
                ('member', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='mail', to='tournaments.member')),
            ],
            options={
                'verbose_name': "member's e-mail",
                'verbose_name_plural': "members' e-mails",
            },
        ),
        migrations.CreateModel(
            name='Erasure',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveIntegerField(verbose_name='number')),
                ('erased_at', models.DateTimeField(auto_now_add=True, verbose_name='erased')),
                ('club', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='tournaments.club')),
                ('member', models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='erasure', to='tournaments.member')),
                ('user', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'verbose_name': 'erasure',
                'verbose_name_plural': 'erasures',
                'constraints': [models.UniqueConstraint(fields=('club', 'number'), name='one_former_member_number')],
            },
        ),
        migrations.CreateModel(
            name='OutboxMail',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('kind', models.CharField(choices=[('results', 'results of an evening'), ('confirm', 'confirmation of the address')], max_length=8, verbose_name='kind')),
                ('edition', models.PositiveSmallIntegerField(default=0, verbose_name='edition')),
                ('address', models.CharField(blank=True, max_length=254, verbose_name='e-mail address')),
                ('language', models.CharField(choices=[('de', 'German'), ('en', 'English')], default='de', max_length=5)),
                ('status', models.CharField(choices=[('queued', 'queued'), ('sending', 'being sent'), ('sent', 'sent'), ('failed', 'failed'), ('cancelled', 'not sent')], default='queued', max_length=10, verbose_name='status')),
                ('attempts', models.PositiveSmallIntegerField(default=0, verbose_name='attempts')),
                ('next_try_at', models.DateTimeField(verbose_name='next try')),
                ('claim', models.CharField(blank=True, max_length=32)),
                ('claimed_at', models.DateTimeField(blank=True, null=True)),
                ('sent_at', models.DateTimeField(blank=True, null=True, verbose_name='sent')),
                ('last_error', models.CharField(blank=True, max_length=500, verbose_name='last error')),
                ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='queued')),
                ('club', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='tournaments.club')),
                ('event', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='mails', to='tournaments.event')),
                ('member', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='mails', to='tournaments.member')),
            ],
            options={
                'verbose_name': 'mail',
                'verbose_name_plural': 'mails',
                'ordering': ['-created_at', '-pk'],
                'indexes': [models.Index(fields=['status', 'next_try_at'], name='outbox_due_idx')],
                'constraints': [models.UniqueConstraint(condition=models.Q(('kind', 'results')), fields=('member', 'event', 'edition'), name='one_results_mail_per_member_and_edition')],
            },
        ),
    ]
